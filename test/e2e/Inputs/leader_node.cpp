// Takes the leader lock as a ZooKeeper node, or looks for it: run "hold" in
// one process, kill it, then "probe" in another.
#include <zookeeper/zookeeper.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

static const char LeaderNode[] = "/e2e-leader";

static zhandle_t *connect() {
  zoo_set_debug_level(ZOO_LOG_LEVEL_ERROR);
  zhandle_t *zh = zookeeper_init(std::getenv("ZOOKEEPER_HOSTS"), nullptr, 2000, nullptr, nullptr, 0);
  for (int i = 0; zh && i < 100 && zoo_state(zh) != ZOO_CONNECTED_STATE; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  if (!zh || zoo_state(zh) != ZOO_CONNECTED_STATE) {
    std::printf("not connected\n");
    std::exit(1);
  }
  return zh;
}

static bool acquire(zhandle_t *zh) {
  return zoo_create(zh, LeaderNode, "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0) == ZOK;
}

static void release(zhandle_t *zh) { zoo_delete(zh, LeaderNode, -1); }

int main(int argc, char **argv) {
  zhandle_t *zh = connect();
  if (argc > 1 && std::strcmp(argv[1], "hold") == 0) {
    std::printf("%s\n", acquire(zh) ? "created" : "not created");
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::seconds(60)); // killed here
    release(zh);
    return 0;
  }
  // The holder is dead: its session expires after two seconds.
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    gone = zoo_exists(zh, LeaderNode, 0, nullptr) == ZNONODE;
    if (!gone)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::printf("lock node after its holder was killed: %s\n", gone ? "gone" : "still there");
  zookeeper_close(zh);
}
