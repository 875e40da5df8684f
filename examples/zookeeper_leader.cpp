// A scheduler's leader lock kept in ZooKeeper (the C client, libzookeeper-mt).
#include <zookeeper/zookeeper.h>
#include <atomic>
#include <string>

void runSchedule();

std::atomic<bool> sessionLost{false};

void onSession(zhandle_t *, int type, int state, const char *, void *) {
  if (type == ZOO_SESSION_EVENT && state == ZOO_EXPIRED_SESSION_STATE)
    sessionLost = true;
}

zhandle_t *connectScheduler(const char *hosts) {
  return zookeeper_init(hosts, onSession, 10000, nullptr, nullptr, 0);
}

// Broken: a persistent node survives a crashed leader, so nobody leads
// again; and the release deletes whatever node has the name, another
// leader's after this session expired.
void broken_lead(zhandle_t *zh) {
  if (zoo_create(zh, "/scheduler/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0) != ZOK)
    return;
  runSchedule();
  zoo_delete(zh, "/scheduler/leader", -1);
}

// Fixed: an ephemeral sequential node dies with the session, and the
// release deletes the name only this session was given.
void fixed_lead(zhandle_t *zh) {
  char mine[256];
  if (zoo_create(zh, "/scheduler/candidates/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE,
                 ZOO_EPHEMERAL_SEQUENTIAL, mine, sizeof mine) != ZOK)
    return;
  if (!sessionLost)
    runSchedule();
  zoo_delete(zh, mine, -1);
}
