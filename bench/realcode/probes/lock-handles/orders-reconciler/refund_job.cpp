#include <chrono>
#include <cstdio>
#include <string>

#include "lock_registry.hpp"

namespace recon {

using namespace std::chrono_literals;

namespace {

// Applies the refund only if the stored fence is older than ours.
const char* kFencedCredit =
    "local last = tonumber(redis.call('hget', KEYS[1], 'fence') or '0') "
    "if last >= tonumber(ARGV[1]) then return 0 end "
    "redis.call('hincrby', KEYS[1], 'balance_cents', ARGV[2]) "
    "redis.call('hset', KEYS[1], 'fence', ARGV[1]) "
    "return 1";

}  // namespace

bool runRefund(const std::string& accountId, long long cents) {
    auto& reg = LockRegistry::instance();
    RedisLock& accounts = reg.accountsLock();
    RedisLock& ledger = reg.ledgerLock();

    if (!accounts.tryLockFor(2s)) return false;
    HeldLock holdAccounts(accounts);

    if (!ledger.tryLockFor(2s)) return false;
    HeldLock holdLedger(ledger);

    const std::string acctKey = "acct:" + accountId;
    const std::string fence = std::to_string(ledger.fence());
    const std::string amount = std::to_string(cents);

    redisContext* c = reg.redis();
    auto* r = static_cast<redisReply*>(
        redisCommand(c, "EVAL %s 1 %s %s %s", kFencedCredit, acctKey.c_str(), fence.c_str(), amount.c_str()));
    const bool applied = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r) freeReplyObject(r);
    if (!applied) std::fprintf(stderr, "refund for %s rejected (stale fence)\n", accountId.c_str());
    return applied;
}

}  // namespace recon
