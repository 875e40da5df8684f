// Fair mutex for one transcode job: each contender writes <prefix><lease-hex>
// bound to its own kept-alive lease; the lowest create_revision holds it.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include "etcd_client.h"

class JobMutex {
public:
  JobMutex(etcdv3::Client &c, const std::string &job);

  // Waits until held or until the deadline passes.
  bool lock(std::chrono::steady_clock::time_point deadline);
  bool unlock();

private:
  bool lowest(int64_t *pred_rev, std::string *pred_key);

  etcdv3::Client &c_;
  std::string prefix_;
  std::string own_;
  int64_t lease_ = 0;
  std::unique_ptr<etcdv3::KeepAlive> ka_;
};

class JobMutexGuard {
public:
  explicit JobMutexGuard(JobMutex &m) : m_(m) {}
  ~JobMutexGuard() { m_.unlock(); }

private:
  JobMutex &m_;
};
