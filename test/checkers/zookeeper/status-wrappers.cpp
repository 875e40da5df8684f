// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c++17 -DTHREADED

// A leader class hands the create's own status back (`return rc;`) after
// keeping the node it made on success. Its callers read ZooKeeper's codes:
// leaving on ZNODEEXISTS alone lets a lost connection run the jobs too.

#include <zookeeper/zookeeper.h>
#include <string>
#include <vector>

class CronLeader {
public:
  CronLeader(zhandle_t *Zh, const std::string &Job) : Zh(Zh), Path("/cron/leaders/" + Job) {}

  int tryLead() {
    std::vector<char> Created(Path.size() + 32);
    int Rc = zoo_create(Zh, Path.c_str(), "host-1", 6, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL,
                        Created.data(), static_cast<int>(Created.size()));
    if (Rc == ZOK)
      Node.assign(Created.data());
    return Rc;
  }

  void resign() {
    if (!Node.empty())
      zoo_delete(Zh, Node.c_str(), 0);
    Node.clear();
  }

private:
  zhandle_t *Zh;
  std::string Path;
  std::string Node;
};

void runJobs(const char *Bucket);

void hourly(zhandle_t *Zh) {
  CronLeader Leader(Zh, "hourly");
  int Rc = Leader.tryLead();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the result of 'CronLeader::tryLead' is tested, but 'runJobs' runs whether or not this process got the lock [distlock-acquire-unchecked]
  if (Rc == ZNODEEXISTS)
    return;
  runJobs("hourly");
  Leader.resign();
}

void daily(zhandle_t *Zh) {
  CronLeader Leader(Zh, "daily");
  if (Leader.tryLead() != ZOK)
    return;
  runJobs("daily");
  Leader.resign();
}
