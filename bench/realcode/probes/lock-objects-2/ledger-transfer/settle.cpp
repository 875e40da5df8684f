// settle.cpp - end-of-cycle settlement of queued transfers for one account.
#include <chrono>
#include <iostream>

#include "ledger.hpp"

namespace ledger {

using namespace std::chrono_literals;

int RunBatch(redisContext* ctx, RedisLock& account, RedisLock& book,
             const std::vector<Transfer>& batch) {
  int applied = 0;
  for (const Transfer& t : batch) {
    if (!account.Extend() || !book.Extend()) {
      std::cerr << "settle: lost a lock after " << applied << " entries\n";
      break;
    }
    if (ApplyEntry(ctx, account, book, t)) ++applied;
  }
  return applied;
}

int SettleAccount(redisContext* ctx, const std::string& account_id,
                  const std::vector<Transfer>& pending) {
  if (pending.empty()) return 0;

  // Same order as PostTransfer: account first, then the ledger.
  RedisLock account(ctx, "lock:account:" + account_id, 10000ms);
  RedisLock book(ctx, "lock:ledger", 10000ms);
  if (!account.TryAcquire(20, 100ms)) return -1;
  if (!book.TryAcquire(20, 100ms)) {
    account.Release();
    return -1;
  }

  const int n = RunBatch(ctx, account, book, pending);

  book.Release();
  account.Release();

  auto* r = static_cast<redisReply*>(
      redisCommand(ctx, "INCRBY stats:settled %d", n));
  if (r != nullptr) freeReplyObject(r);
  return n;
}

}  // namespace ledger
