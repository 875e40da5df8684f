#include "zk_lock.h"

#include <algorithm>
#include <vector>

namespace sched {

void ZkLock::init(ZkClient* zk, const std::string& path,
                  const std::string& owner) {
  zk_ = zk;
  key_ = path;
  owner_ = owner;
}

bool ZkLock::tryLock() {
  std::string created;
  int rc = zk_->Create(key_, owner_, 0, &created);
  return rc == ZOK;
}

void ZkLock::unlock() {
  zk_->Delete(key_, -1);
}

bool LeaderLatch::join(const std::string& member_id) {
  std::string created;
  int rc = zk_->Create(parent_ + "/member-", member_id,
                       ZOO_EPHEMERAL | ZOO_SEQUENCE, &created);
  if (rc != ZOK) return false;
  node_ = created;
  return zk_->Exists(node_, &node_version_) == ZOK;
}

bool LeaderLatch::isLeader() {
  std::vector<std::string> children;
  if (zk_->GetChildren(parent_, &children) != ZOK || children.empty())
    return false;
  std::sort(children.begin(), children.end());
  return parent_ + "/" + children.front() == node_;
}

void LeaderLatch::leave() {
  if (node_.empty()) return;
  zk_->Delete(node_, node_version_);
  node_.clear();
}

}  // namespace sched
