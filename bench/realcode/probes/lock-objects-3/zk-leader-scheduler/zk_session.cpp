// Copyright 2024 The Scheduler Authors.

#include "zk_session.h"

#include <cstdio>

namespace scheduler {

ZkSession::~ZkSession() {
  if (zh_ != nullptr) zookeeper_close(zh_);
}

// Runs on the ZooKeeper completion thread. Only session events are
// interesting here; node watches are registered with their own callbacks.
void ZkSession::GlobalWatcher(zhandle_t* /*zh*/, int type, int state,
                              const char* /*path*/, void* ctx) {
  if (type != ZOO_SESSION_EVENT) return;
  static_cast<ZkSession*>(ctx)->OnState(state);
}

void ZkSession::OnState(int state) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state == ZOO_CONNECTED_STATE) {
    connected_.store(true, std::memory_order_release);
  } else if (state == ZOO_EXPIRED_SESSION_STATE) {
    // Terminal: the handle is useless and must be recreated.
    connected_.store(false, std::memory_order_release);
    expired_.store(true, std::memory_order_release);
    std::fprintf(stderr, "zk: session expired\n");
  } else {
    // CONNECTING: the session may still come back before it times out.
    connected_.store(false, std::memory_order_release);
  }
  cv_.notify_all();
}

bool ZkSession::Open(const std::string& hosts, int session_timeout_ms,
                     std::chrono::milliseconds connect_wait) {
  zoo_set_debug_level(ZOO_LOG_LEVEL_WARN);
  zh_ = zookeeper_init(hosts.c_str(), &ZkSession::GlobalWatcher,
                       session_timeout_ms, nullptr, this, 0);
  if (zh_ == nullptr) return false;

  std::unique_lock<std::mutex> lock(mu_);
  return cv_.wait_for(lock, connect_wait, [this] {
    return connected_.load() || expired_.load();
  }) && connected_.load();
}

bool ZkSession::EnsurePath(const std::string& path) {
  for (size_t pos = 1; pos <= path.size(); ++pos) {
    if (pos != path.size() && path[pos] != '/') continue;
    const std::string prefix = path.substr(0, pos);
    int rc = zoo_create(zh_, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                        ZOO_PERSISTENT, nullptr, 0);
    if (rc != ZOK && rc != ZNODEEXISTS) {
      std::fprintf(stderr, "zk: create %s: %s\n", prefix.c_str(), zerror(rc));
      return false;
    }
  }
  return true;
}

}  // namespace scheduler
