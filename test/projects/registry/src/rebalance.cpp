#include "node_lock.h"
#include <string>

namespace registry {

// Moves shards between nodes; one replica at a time.
int rebalance(zhandle_t *zh, const std::string &plan) {
  NodeLock lock(zh);
  if (!lock.tryAcquire("/registry/locks/rebalance"))
    return -1;
  int rc = setNodeData(zh, "/registry/assignments", plan);
  lock.release("/registry/locks/rebalance");
  return rc;
}

} // namespace registry

namespace registry {

// Drains a node; an empty plan returns with the lock still held.
int drain(zhandle_t *zh, const std::string &plan) {
  NodeLock lock(zh);
  if (!lock.tryAcquire("/registry/locks/drain"))
    return -1;
  if (plan.empty())
    return 0;
  lock.release("/registry/locks/drain");
  return 1;
}

} // namespace registry

namespace registry {

// The leader publishes the routes; the version it read guards the second
// write, not the first.
void publishRoutes(zhandle_t *zh, const std::string &routes, int version) {
  NodeLock lock(zh);
  if (!lock.tryLead())
    return;
  setNodeData(zh, "/registry/routes", routes);
  replaceNodeData(zh, "/registry/routes-copy", routes, version);
}

} // namespace registry
