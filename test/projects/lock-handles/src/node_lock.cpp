#include "node_lock.h"

namespace coord {

bool NodeLock::acquire(const std::string &owner) {
  return zk_->create(path_, owner, 0, nullptr) == ZOK;
}

void NodeLock::release() { zk_->remove(path_, -1); }

bool Membership::join(const std::string &id) {
  return zk_->create(dir_ + "/member-", id, ZOO_EPHEMERAL | ZOO_SEQUENCE, &node_) == ZOK;
}

} // namespace coord
