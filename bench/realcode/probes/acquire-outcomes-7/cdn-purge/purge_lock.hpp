#pragma once

// CDN purge leases: one per scope ("images", "html", ...).

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>

#include <hiredis/hiredis.h>

enum class LockState { Held, Contended, Failed };

// Redis lease per purge scope: SET NX PX plus INCR of a fence counter in one
// script. The fence is 0 whenever the state is not Held.
class PurgeLocks {
 public:
  static PurgeLocks &get();

  std::tuple<LockState, std::uint64_t> acquire(const std::string &scope);
  // Same script; {true, fence} only when held, {false, 0} otherwise.
  std::pair<bool, std::uint64_t> tryFence(const std::string &scope);
  void release(const std::string &scope);

  // SET cdn:manifest:<scope> value only if fence >= the stored fence.
  bool writeFenced(const std::string &scope, const std::string &value,
                   std::uint64_t fence);
  // Plain SET cdn:manifest:<scope> value.
  void writePlain(const std::string &scope, const std::string &value);

 private:
  PurgeLocks(redisContext *ctx, std::string token)
      : ctx_(ctx), token_(std::move(token)) {}
  redisReply *run(const char *fmt, const std::string &a, const std::string &b);

  redisContext *ctx_;
  std::string token_;
};

void purgeEdge(const std::string &scope);
std::string manifestFor(const std::string &scope);
