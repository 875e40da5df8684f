// audit.cpp - nightly close: freezes the ledger and snapshots every balance.
#include <chrono>
#include <iostream>
#include <sstream>

#include "ledger.hpp"

namespace ledger {

using namespace std::chrono_literals;

static std::string ReadBalance(redisContext* ctx, const std::string& account_id) {
  auto* r = static_cast<redisReply*>(
      redisCommand(ctx, "HGET account:%s balance", account_id.c_str()));
  std::string out = "0";
  if (r != nullptr && r->type == REDIS_REPLY_STRING) out.assign(r->str, r->len);
  if (r != nullptr) freeReplyObject(r);
  return out;
}

int CloseBusinessDay(redisContext* ctx, const std::string& date,
                     const std::vector<std::string>& accounts) {
  RedisLock book(ctx, "lock:ledger", 30000ms);
  if (!book.TryAcquire(50, 200ms)) {
    std::cerr << "close " << date << ": ledger busy\n";
    return -1;
  }

  std::ostringstream snapshot;
  int skipped = 0;
  for (const std::string& id : accounts) {
    RedisLock account(ctx, "lock:account:" + id, 5000ms);
    if (!account.TryAcquire(3, 50ms)) {
      ++skipped;
      continue;
    }
    snapshot << id << ',' << ReadBalance(ctx, id) << '\n';
    account.Release();
    if (!book.Extend()) {
      std::cerr << "close " << date << ": ledger lock lost\n";
      return -1;
    }
  }
  book.Release();

  const std::string body = snapshot.str();
  auto* r = static_cast<redisReply*>(redisCommand(
      ctx, "SET audit:snapshot:%s %b EX 604800", date.c_str(), body.data(), body.size()));
  if (r != nullptr) freeReplyObject(r);
  return skipped;
}

}  // namespace ledger
