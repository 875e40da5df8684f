#pragma once

#include <utility>

#include "redis_lock.h"

namespace exporter {

class LockGuard {
 public:
  LockGuard(RedisLock& lock, int ttl_sec) : lock_(lock), owned_(lock.tryLock(ttl_sec)) {}
  ~LockGuard() {
    if (owned_) lock_.release();
  }
  LockGuard(const LockGuard&) = delete;
  LockGuard& operator=(const LockGuard&) = delete;

  bool owns() const { return owned_; }

 private:
  RedisLock& lock_;
  bool owned_;
};

template <typename F>
class ScopeExit {
 public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() { f_(); }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;

 private:
  F f_;
};

template <typename F>
ScopeExit<F> MakeScopeExit(F f) {
  return ScopeExit<F>(std::move(f));
}

}  // namespace exporter
