#include "feed_guard.h"
#include "node_guard.h"

namespace feed {

// Never asks the guard: it trims whether or not it got the lock.
void compact(redisContext *c, const std::string &shard) {
  FeedGuard guard(c, "feed:lock:" + shard, 30000);
  freeReplyObject(redisCommand(c, "LTRIM feed:%s 0 999", shard.c_str()));
}

// Asks the guard; the write under it still carries no fencing token.
void publish(redisContext *c, const std::string &shard, const std::string &item) {
  FeedGuard guard(c, "feed:lock:" + shard, 30000);
  if (!guard.owned())
    return;
  freeReplyObject(redisCommand(c, "LPUSH feed:%s %s", shard.c_str(), item.c_str()));
}

// Takes the account's lock, then the ledger's.
void settle(redisContext *c, const std::string &account) {
  FeedGuard first(c, "account:lock:" + account, 10000);
  if (!first.owned())
    return;
  FeedGuard second(c, "ledger:lock:" + account, 10000);
  if (!second.owned())
    return;
}

// The rebuild never asks its node guard.
void rebuild(zhandle_t *zh) {
  NodeGuard guard(zh, "rebuild");
  zoo_set(zh, "/feed/state", "rebuilding", 10, -1);
}

// Asks it first: silent.
void rebuildChecked(zhandle_t *zh) {
  NodeGuard guard(zh, "rebuild");
  if (!guard.held())
    return;
  zoo_set(zh, "/feed/state", "rebuilding", 10, -1);
}

} // namespace feed
