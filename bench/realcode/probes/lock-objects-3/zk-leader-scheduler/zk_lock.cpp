// Copyright 2024 The Scheduler Authors.

#include "zk_lock.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace scheduler {

namespace {

constexpr char kPrefix[] = "lock-";

std::vector<std::string> SortedChildren(zhandle_t* zh, const std::string& dir) {
  struct String_vector kids = {0, nullptr};
  std::vector<std::string> out;
  if (zoo_get_children(zh, dir.c_str(), 0, &kids) != ZOK) return out;
  for (int i = 0; i < kids.count; ++i) out.emplace_back(kids.data[i]);
  deallocate_String_vector(&kids);
  // Sequence suffixes are zero padded, so lexical order is creation order.
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

ZkLock::ZkLock(ZkSession* session, std::string dir, std::string owner)
    : session_(session), dir_(std::move(dir)), owner_(std::move(owner)) {}

void ZkLock::PredecessorWatch(zhandle_t* /*zh*/, int /*type*/, int /*state*/,
                              const char* /*path*/, void* ctx) {
  auto* self = static_cast<ZkLock*>(ctx);
  std::lock_guard<std::mutex> lock(self->mu_);
  self->changed_ = true;
  self->cv_.notify_all();
}

bool ZkLock::CreateContenderNode() {
  char created[512];
  const std::string prefix = dir_ + "/" + kPrefix;
  int rc = zoo_create(session_->handle(), prefix.c_str(), owner_.data(),
                      static_cast<int>(owner_.size()), &ZOO_OPEN_ACL_UNSAFE,
                      ZOO_SEQUENCE, created, sizeof created);
  if (rc != ZOK) {
    std::fprintf(stderr, "zk-lock: create under %s: %s\n", dir_.c_str(), zerror(rc));
    return false;
  }
  node_path_ = created;
  return true;
}

bool ZkLock::Lock(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  if (node_path_.empty() && !CreateContenderNode()) return false;
  const std::string self_name = node_path_.substr(dir_.size() + 1);

  while (std::chrono::steady_clock::now() < deadline && !session_->Expired()) {
    std::vector<std::string> kids = SortedChildren(session_->handle(), dir_);
    auto it = std::find(kids.begin(), kids.end(), self_name);
    if (it == kids.end()) break;  // our node vanished underneath us
    if (it == kids.begin()) {
      held_ = true;
      return true;
    }

    const std::string pred = dir_ + "/" + *(it - 1);
    {
      std::lock_guard<std::mutex> lock(mu_);
      changed_ = false;
    }
    int rc = zoo_wexists(session_->handle(), pred.c_str(), &ZkLock::PredecessorWatch,
                         this, nullptr);
    if (rc == ZNONODE) continue;  // predecessor already left, look again
    if (rc != ZOK) break;

    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait_until(lock, deadline, [this] { return changed_; });
  }

  DeleteOwnNode();
  return false;
}

void ZkLock::DeleteOwnNode() {
  if (node_path_.empty()) return;
  struct Stat st;
  int rc = zoo_exists(session_->handle(), node_path_.c_str(), 0, &st);
  if (rc == ZOK) rc = zoo_delete(session_->handle(), node_path_.c_str(), st.version);
  if (rc != ZOK && rc != ZNONODE) {
    std::fprintf(stderr, "zk-lock: delete %s: %s\n", node_path_.c_str(), zerror(rc));
  }
  node_path_.clear();
}

void ZkLock::Unlock() {
  held_ = false;
  DeleteOwnNode();
}

}  // namespace scheduler
