#pragma once

#include <optional>
#include <string>

#include <hiredis/hiredis.h>

struct Lease {
  std::string key;
  std::string token;
  long long fence = 0;
};

// Redis lease: SET key token NX PX ttl plus INCR of a fence counter in one
// script. acquire() yields a Lease only when the SET succeeded; busy keys,
// error replies and connection failures all yield std::nullopt.
class LeaseClient {
 public:
  LeaseClient(redisContext *ctx, std::string prefix);

  static LeaseClient &instance();

  std::optional<Lease> acquire(const std::string &name, int ttl_ms);
  bool release(const Lease &lease);

  // HSET hash field value, applied only if fence >= the hash's stored fence.
  bool writeFenced(const std::string &hash, const std::string &field,
                   long long value, long long fence);

  redisContext *ctx() const { return ctx_; }

 private:
  std::string newToken();

  redisContext *ctx_;
  std::string prefix_;
  unsigned long seq_ = 0;
};

long long computeUsage(const std::string &period);
void logLine(const std::string &msg);
