// Payout runner: moves approved payouts to the bank gateway and records the
// result in redis.  Payout state is a hash payout:<id> whose "fence" field
// remembers the newest lock grant that touched it.
#include "fence_lock.hpp"

#include <hiredis/hiredis.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace payout {
namespace {

constexpr const char* kFencedUpdate =
    "local cur = tonumber(redis.call('HGET', KEYS[1], 'fence') or '0')\n"
    "if tonumber(ARGV[1]) <= cur then return 0 end\n"
    "redis.call('HSET', KEYS[1], 'fence', ARGV[1], 'status', ARGV[2])\n"
    "return 1\n";

bool setStatusFenced(redisContext* ctx, const std::string& id, int64_t fence,
                     const char* status) {
  auto* r = static_cast<redisReply*>(
      redisCommand(ctx, "EVAL %s 1 payout:%s %lld %s", kFencedUpdate,
                   id.c_str(), static_cast<long long>(fence), status));
  bool ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r) freeReplyObject(r);
  return ok;
}

bool sendToGateway(const std::string& id) {
  std::fprintf(stderr, "gateway: submit %s\n", id.c_str());
  return true;
}

bool postSettlement(const std::string& id) {
  std::fprintf(stderr, "ledger: settle %s\n", id.c_str());
  return true;
}

}  // namespace

void runBatch(redisContext* ctx, const std::vector<std::string>& ids) {
  FenceLock lock(ctx, "batch", 60000);
  int64_t fence = lock.acquire();
  if (fence <= 0) {
    return;
  }
  for (const auto& id : ids) {
    if (!setStatusFenced(ctx, id, fence, "sending")) break;
    sendToGateway(id);
    setStatusFenced(ctx, id, fence, "sent");
  }
  lock.release();
}

void retryFailed(redisContext* ctx, const std::vector<std::string>& ids) {
  FenceLock lock(ctx, "batch", 60000);
  auto fence = lock.acquire();
  if (fence < 0) {
    std::fprintf(stderr, "retryFailed: lock service unavailable\n");
    return;
  }
  for (const auto& id : ids) {
    sendToGateway(id);
    setStatusFenced(ctx, id, fence, "sent");
  }
  lock.release();
}

void settle(redisContext* ctx, const std::string& id) {
  FenceLock lock(ctx, "settle:" + id, 15000);
  int64_t f = lock.acquire();
  if (f != -1) {
    postSettlement(id);
    setStatusFenced(ctx, id, f, "settled");
    lock.release();
  }
}

// Bank callbacks mark individual payouts as confirmed.
bool markConfirmed(redisContext* ctx, const std::string& id) {
  FenceLock lock(ctx, "settle:" + id, 15000);
  if (lock.acquire() <= 0) return false;
  auto* r = static_cast<redisReply*>(
      redisCommand(ctx, "HSET payout:%s status confirmed", id.c_str()));
  bool ok = r && r->type == REDIS_REPLY_INTEGER;
  if (r) freeReplyObject(r);
  lock.release();
  return ok;
}

// Drains the whole queue at shutdown; waits for the active batch first.
void drainQueue(redisContext* ctx, const std::vector<std::string>& ids) {
  FenceLock lock(ctx, "batch", 60000);
  int64_t fence;
  while ((fence = lock.acquire()) <= 0) {
    usleep(200 * 1000);
  }
  for (const auto& id : ids) {
    sendToGateway(id);
    setStatusFenced(ctx, id, fence, "sent");
  }
  lock.release();
}

// Operator "retry now" button: give up after ~3 s.
bool retryOne(redisContext* ctx, const std::string& id) {
  FenceLock lock(ctx, "settle:" + id, 15000);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  int64_t fence = 0;
  for (;;) {
    fence = lock.acquire();
    if (fence > 0) break;
    if (fence < 0 || std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  bool ok = sendToGateway(id) && setStatusFenced(ctx, id, fence, "sent");
  lock.release();
  return ok;
}

}  // namespace payout
