// A node is a lock by what the code does with it, whatever its path says:
// its create's answer decides whether the function goes on (a create fails
// when another process made the node first), and the code deletes it again.
// Configuration written once, or a marker whose create nobody tests, is no
// lock.
// RUN: %check_distlock %s distlock-zookeeper-persistent-lock-node,distlock-unfenced-write %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-zookeeper-persistent-lock-node,distlock-unfenced-write %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <string>

bool uploadChunks(const std::string &volume);

static std::string ownerPath(const std::string &volume) {
  return "/backups/" + volume + "/owner";
}

// Taken persistent, as an exclusive claim, and deleted after the work.
bool backupVolume(zhandle_t *zh, const std::string &volume, const std::string &me) {
  const std::string path = ownerPath(volume);
  int rc = zoo_create(zh, path.c_str(), me.data(), (int)me.size(), &ZOO_OPEN_ACL_UNSAFE,
                      ZOO_PERSISTENT, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: lock node '/backups/{}/owner' is created persistent: it outlives a holder that crashes or loses its session, and the lock is never freed [distlock-zookeeper-persistent-lock-node]
  // CHECK-FIXES: ZOO_EPHEMERAL, nullptr, 0);
  if (rc != ZOK)
    return false;
  bool ok = uploadChunks(volume);
  // The release is the lock's own node, not a write under it.
  zoo_delete(zh, path.c_str(), -1);
  return ok;
}

// The same claim, ephemeral: silent.
bool verifyVolume(zhandle_t *zh, const std::string &volume, const std::string &me) {
  const std::string path = ownerPath(volume) + "-verify";
  if (zoo_create(zh, path.c_str(), me.data(), (int)me.size(), &ZOO_OPEN_ACL_UNSAFE,
                 ZOO_EPHEMERAL, nullptr, 0) != ZOK)
    return false;
  bool ok = uploadChunks(volume);
  zoo_delete(zh, path.c_str(), -1);
  return ok;
}

// Configuration: written once, never deleted by this code.
void publishRetention(zhandle_t *zh, const std::string &volume, const std::string &days) {
  const std::string path = "/backups/" + volume + "/retention";
  if (zoo_create(zh, path.c_str(), days.data(), (int)days.size(), &ZOO_OPEN_ACL_UNSAFE,
                 ZOO_PERSISTENT, nullptr, 0) != ZOK)
    return;
}

// A marker made and removed, its create's answer never tested: no claim.
void touchHeartbeat(zhandle_t *zh, const std::string &volume) {
  const std::string path = "/backups/" + volume + "/heartbeat";
  zoo_create(zh, path.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  zoo_delete(zh, path.c_str(), -1);
}

// Released through a helper handed the lock's own path: a release, not a
// write under the lock.
static void dropNode(zhandle_t *zh, const char *path, int version) {
  zoo_delete(zh, path, version);
}
bool restoreVolume(zhandle_t *zh, const std::string &volume, const std::string &me) {
  const std::string path = ownerPath(volume) + "-restore";
  if (zoo_create(zh, path.c_str(), me.data(), (int)me.size(), &ZOO_OPEN_ACL_UNSAFE,
                 ZOO_EPHEMERAL, nullptr, 0) != ZOK)
    return false;
  bool ok = uploadChunks(volume);
  dropNode(zh, path.c_str(), -1);
  return ok;
}

