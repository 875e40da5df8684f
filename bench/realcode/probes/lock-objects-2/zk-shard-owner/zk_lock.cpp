#include "zk_lock.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <vector>

namespace shards {

ZkLock::ZkLock(std::string hosts, std::string lockDir, int sessionTimeoutMs)
    : hosts_(std::move(hosts)), lockDir_(std::move(lockDir)), sessionTimeoutMs_(sessionTimeoutMs) {}

ZkLock::~ZkLock() {
  if (zh_ != nullptr) zookeeper_close(zh_);
}

void ZkLock::sessionWatcher(zhandle_t*, int type, int state, const char*, void* ctx) {
  auto* self = static_cast<ZkLock*>(ctx);
  if (type != ZOO_SESSION_EVENT) return;
  std::lock_guard<std::mutex> g(self->mu_);
  if (state == ZOO_CONNECTED_STATE) {
    self->connected_ = true;
  } else if (state == ZOO_EXPIRED_SESSION_STATE) {
    std::cerr << "zk: session expired, lock on " << self->lockDir_ << " is gone\n";
    self->sessionLost_ = true;
    self->connected_ = false;
  } else {
    self->connected_ = false;
  }
  self->cv_.notify_all();
}

void ZkLock::nodeWatcher(zhandle_t*, int type, int, const char*, void* ctx) {
  auto* self = static_cast<ZkLock*>(ctx);
  if (type == ZOO_DELETED_EVENT || type == ZOO_CHANGED_EVENT) {
    std::lock_guard<std::mutex> g(self->mu_);
    self->predecessorGone_ = true;
    self->cv_.notify_all();
  }
}

bool ZkLock::connect(std::chrono::milliseconds timeout) {
  zh_ = zookeeper_init(hosts_.c_str(), &ZkLock::sessionWatcher, sessionTimeoutMs_, nullptr, this, 0);
  if (zh_ == nullptr) return false;
  std::unique_lock<std::mutex> lk(mu_);
  return cv_.wait_for(lk, timeout, [this] { return connected_; });
}

bool ZkLock::acquire(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char created[512];
  char ident[64];
  std::snprintf(ident, sizeof(ident), "pid-%d", static_cast<int>(getpid()));
  const std::string prefix = lockDir_ + "/lock-";
  int rc = zoo_create(zh_, prefix.c_str(), ident, static_cast<int>(std::strlen(ident)),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof(created));
  if (rc != ZOK) {
    std::cerr << "zk: create under " << lockDir_ << ": " << zerror(rc) << '\n';
    return false;
  }
  ownNode_ = created;
  const std::string ownName = ownNode_.substr(lockDir_.size() + 1);

  while (std::chrono::steady_clock::now() < deadline) {
    String_vector children{};
    rc = zoo_get_children(zh_, lockDir_.c_str(), 0, &children);
    if (rc != ZOK) break;
    std::vector<std::string> names(children.data, children.data + children.count);
    deallocate_String_vector(&children);
    std::sort(names.begin(), names.end());

    auto it = std::find(names.begin(), names.end(), ownName);
    if (it == names.end()) break;          // our node vanished (session trouble)
    if (it == names.begin()) return true;  // lowest sequence number: we hold it

    const std::string predecessor = lockDir_ + "/" + *(it - 1);
    {
      std::lock_guard<std::mutex> g(mu_);
      predecessorGone_ = false;
    }
    Stat stat{};
    rc = zoo_wexists(zh_, predecessor.c_str(), &ZkLock::nodeWatcher, this, &stat);
    if (rc == ZNONODE) continue;
    if (rc != ZOK) break;
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait_until(lk, deadline, [this] { return predecessorGone_ || sessionLost_.load(); });
    if (sessionLost_) break;
  }
  deleteOwnNode();
  return false;
}

bool ZkLock::deleteOwnNode() {
  if (ownNode_.empty()) return true;
  Stat stat{};
  int rc = zoo_exists(zh_, ownNode_.c_str(), 0, &stat);
  if (rc == ZNONODE) {
    ownNode_.clear();
    return true;
  }
  if (rc != ZOK) return false;
  rc = zoo_delete(zh_, ownNode_.c_str(), stat.version);
  if (rc != ZOK && rc != ZNONODE) {
    std::cerr << "zk: delete " << ownNode_ << ": " << zerror(rc) << '\n';
    return false;
  }
  ownNode_.clear();
  return true;
}

bool ZkLock::release() { return deleteOwnNode(); }

}  // namespace shards
