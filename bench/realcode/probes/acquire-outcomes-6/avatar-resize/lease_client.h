#pragma once

#include <functional>
#include <future>
#include <mutex>
#include <string>

struct redisContext;

namespace avatars {

std::string newOwner();

class LeaseClient {
 public:
  explicit LeaseClient(redisContext *c) : c_(c) {}

  // Resolves to true when SET NX PX stored owner under key.
  std::future<bool> acquireAsync(const std::string &key, const std::string &owner, int ttlMs);
  // Calls then(held) on a worker thread once the outcome is known.
  void acquire(const std::string &key, const std::string &owner, int ttlMs,
               std::function<void(bool)> then);
  void release(const std::string &key, const std::string &owner);

 private:
  bool trySet(const std::string &key, const std::string &owner, int ttlMs);

  redisContext *c_;
  std::mutex connMu_;  // the one redisContext is shared by the worker threads
};

}  // namespace avatars
