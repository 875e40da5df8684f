#include "settle_lock.h"

#include <hiredis/hiredis.h>
#include <utility>

namespace settle {

SettleLock::SettleLock(redisContext *Ctx, const std::string &Ledger, std::string Token)
    : Ctx(Ctx), Key("lock:settle:" + Ledger), Token(std::move(Token)) {}

LockStatus SettleLock::acquire() {
  auto *Reply = static_cast<redisReply *>(
      redisCommand(Ctx, "SET %s %s NX PX 60000", Key.c_str(), Token.c_str()));
  if (Reply == nullptr)
    return LockStatus::Unreachable;
  bool Won = Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
  return Won ? LockStatus::Acquired : LockStatus::Busy;
}

void SettleLock::tryAcquire() {
  auto *Reply = static_cast<redisReply *>(
      redisCommand(Ctx, "SET %s %s NX PX 60000", Key.c_str(), Token.c_str()));
  if (Reply == nullptr)
    return;
  Held = Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
}

void SettleLock::release() {
  auto *Reply = static_cast<redisReply *>(redisCommand(
      Ctx, "EVAL %s 1 %s %s",
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
      Key.c_str(), Token.c_str()));
  freeReplyObject(Reply);
  Held = false;
}

} // namespace settle
