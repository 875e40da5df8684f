// transfer.cpp - posts a single customer transfer to the ledger.
#include <chrono>
#include <iostream>

#include "ledger.hpp"

namespace ledger {
namespace {

using namespace std::chrono_literals;

constexpr auto kLockTtl = 5000ms;

// Applies the double entry only while both lock tokens are still current;
// the ownership check and the writes run atomically inside Redis.
constexpr const char* kApplyScript =
    "if redis.call('get', KEYS[1]) ~= ARGV[1] then return -1 end "
    "if redis.call('get', KEYS[2]) ~= ARGV[2] then return -2 end "
    "redis.call('hincrby', KEYS[3], 'balance', -tonumber(ARGV[4])) "
    "redis.call('hincrby', KEYS[4], 'balance', tonumber(ARGV[4])) "
    "redis.call('rpush', KEYS[5], ARGV[3]) "
    "return 1";

void Log(const std::string& what, const Transfer& t) {
  std::clog << "[transfer " << t.id << "] " << what << '\n';
}

}  // namespace

bool ApplyEntry(redisContext* ctx, const RedisLock& account, const RedisLock& book,
                const Transfer& t) {
  const std::string from = "account:" + t.from_account;
  const std::string to = "account:" + t.to_account;
  auto* r = static_cast<redisReply*>(redisCommand(
      ctx, "EVAL %s 5 %s %s %s %s %s %s %s %s %lld", kApplyScript,
      account.key().c_str(), book.key().c_str(), from.c_str(), to.c_str(),
      "ledger:entries", account.token().c_str(), book.token().c_str(), t.id.c_str(),
      t.amount_cents));
  if (r == nullptr) return false;
  const bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  return ok;
}

bool PostTransfer(redisContext* ctx, const Transfer& t) {
  RedisLock account(ctx, "lock:account:" + t.from_account, kLockTtl);
  RedisLock book(ctx, "lock:ledger", kLockTtl);

  if (!account.TryAcquire(5, 40ms)) {
    Log("account busy", t);
    return false;
  }
  if (!book.TryAcquire(5, 40ms)) {
    Log("ledger busy", t);
    account.Release();
    return false;
  }

  const bool ok = ApplyEntry(ctx, account, book, t);
  Log(ok ? "posted" : "rejected: lock lost", t);

  book.Release();
  account.Release();
  return ok;
}

}  // namespace ledger
