#include "node_lock.h"

#include <unistd.h>

namespace coord {

bool NodeLock::acquire(const std::string &owner) {
  return zk_->create(path_, owner, 0, nullptr) == ZOK;
}

void NodeLock::acquireWaiting(const std::string &owner) {
  while (zk_->create(path_, owner, ZOO_EPHEMERAL, nullptr) != ZOK)
    sleep(1);
}

void NodeLock::release() { zk_->remove(path_, -1); }

bool Membership::join(const std::string &id) {
  return zk_->create(dir_ + "/member-", id, ZOO_EPHEMERAL | ZOO_SEQUENCE, &node_) == ZOK;
}

void Election::run(const std::string &id) {
  while (running_.load()) {
    if (node_.empty() && zk_->create(dir_ + "/n-", id, ZOO_EPHEMERAL | ZOO_SEQUENCE, &node_) != ZOK)
      continue;
    std::vector<std::string> members;
    zk_->children(dir_, &members);
    sleep(1);
  }
}

} // namespace coord
