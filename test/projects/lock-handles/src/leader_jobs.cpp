#include "node_lock.h"

namespace coord {

int rebuildIndex();

int runRebuild(ZkClient *zk, const std::string &host) {
  NodeLock lock(zk, "/service/locks/rebuild");
  if (!lock.acquire(host))
    return 0;
  int rc = rebuildIndex();
  lock.release();
  return rc;
}

} // namespace coord
