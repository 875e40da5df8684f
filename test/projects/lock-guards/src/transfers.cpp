#include "feed_guard.h"

namespace feed {

// Takes the ledger's lock, then the account's: the reverse of settle().
void audit(redisContext *c, const std::string &account) {
  FeedGuard ledger(c, "ledger:lock:" + account, 10000);
  if (!ledger.owned())
    return;
  FeedGuard owner(c, "account:lock:" + account, 10000);
  if (!owner.owned())
    return;
}

} // namespace feed
