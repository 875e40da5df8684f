#pragma once

#include <functional>
#include <string>

struct redisAsyncContext;

namespace thumbs {

std::string newOwnerId();

// Render lease on the worker's event-loop connection; `done` gets the outcome.
class RenderLease {
 public:
  explicit RenderLease(redisAsyncContext *ac) : ac_(ac) {}

  void acquire(const std::string &key, const std::string &owner, int ttlMs,
               std::function<void(bool)> done);
  void release(const std::string &key, const std::string &owner);
  void publish(const std::string &key, const std::string &owner,
               const std::string &assetId, const std::string &url);

 private:
  redisAsyncContext *ac_;
};

}  // namespace thumbs
