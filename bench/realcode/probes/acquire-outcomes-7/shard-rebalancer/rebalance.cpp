#include "shard_lock.hpp"

#include <unistd.h>

void rebalanceWest(zhandle_t *zh) {
  ShardLock lock(zh, "/shards/west/lock");
  const ZkAttempt a = lock.enter();
  if (a.rc != ZOK) return;
  moveShard(1, "west-2");
  zoo_delete(zh, a.node.c_str(), -1);
}

void rebalanceEast(zhandle_t *zh) {
  ShardLock lock(zh, "/shards/east/lock");
  const ZkAttempt a = lock.enter();
  if (a.rc == ZOK && a.lowest) moveShard(2, "east-2");
  if (!a.node.empty()) zoo_delete(zh, a.node.c_str(), -1);
}

void rebalanceNorth(zhandle_t *zh) {
  ShardLock lock(zh, "/shards/north/lock");
  auto [held, node] = lock.tryLock();
  if (!held) return;
  moveShard(3, "north-2");
  lock.unlock();
}

void rebalanceSouth(zhandle_t *zh) {
  ShardLock lock(zh, "/shards/south/lock");
  const auto result = lock.tryLock();
  if (result.second.empty()) return;
  moveShard(4, "south-2");
  lock.unlock();
}

void rebalanceCentral(zhandle_t *zh) {
  ShardLock lock(zh, "/shards/central/lock");
  const auto result = lock.tryLock();
  if (!result.second.empty()) return;
  moveShard(5, "central-2");
  lock.unlock();
}

void rebalanceArchive(zhandle_t *zh) {
  ShardLock lock(zh, "/shards/archive/lock");
  while (!lock.tryLock().first) sleep(1);
  moveShard(6, "archive-2");
  lock.unlock();
}

bool rebalanceHot(zhandle_t *zh, int shards) {
  ShardLock lock(zh, "/shards/hot/lock");
  bool held = false;
  for (int attempt = 0; attempt < 5 && !held; ++attempt) {
    held = lock.tryLock().first;
    if (!held) sleep(1);
  }
  if (!held) return false;
  for (int s = 0; s < shards; ++s) {
    if (!lock.sessionAlive()) return false;
    moveShard(100 + s, "hot-2");
  }
  return lock.unlock();
}

void rebalanceCold(zhandle_t *zh, int shards) {
  ShardLock lock(zh, "/shards/cold/lock");
  if (!lock.tryLock().first) return;
  for (int s = 0; s < shards; ++s) moveShard(200 + s, "cold-2");
  lock.unlock();
}

void rebalanceEdge(zhandle_t *zh) {
  const int rc = zoo_create(zh, "/shards/edge/owner", "me", 2, &ZOO_OPEN_ACL_UNSAFE,
                            ZOO_EPHEMERAL, nullptr, 0);
  if (rc != ZOK && rc != ZNODEEXISTS) return;
  moveShard(7, "edge-2");
  zoo_delete(zh, "/shards/edge/owner", -1);
}

void rebalanceLegacy(zhandle_t *zh) {
  char path[256];
  const int rc = zoo_create(zh, "/shards/legacy/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE,
                            ZOO_PERSISTENT_SEQUENTIAL, path, sizeof path);
  if (rc != ZOK) return;
  String_vector kids;
  if (zoo_get_children(zh, "/shards/legacy", 0, &kids) != ZOK) return;
  const bool lowest = kids.count == 1;
  deallocate_String_vector(&kids);
  if (lowest) moveShard(8, "legacy-2");
  zoo_delete(zh, path, -1);
}
