#include "settle_lock.h"

#include <string>

void postEntries(const char *Ledger);
void logLine(const char *Text);
std::string runToken();

namespace settle {

void settleChecked(redisContext *Ctx) {
  SettleLock Lock(Ctx, "eu", runToken());
  if (Lock.acquire() != LockStatus::Acquired)
    return;
  postEntries("eu");
  Lock.release();
}

void settleWhenNotBusy(redisContext *Ctx) {
  SettleLock Lock(Ctx, "us", runToken());
  if (Lock.acquire() == LockStatus::Busy)
    return;
  postEntries("us");
  Lock.release();
}

void settleAskingTheMember(redisContext *Ctx) {
  SettleLock Lock(Ctx, "apac", runToken());
  Lock.tryAcquire();
  if (!Lock.isHeld()) {
    logLine("apac: another settler runs");
    return;
  }
  postEntries("apac");
  Lock.release();
}

void settleWithoutAsking(redisContext *Ctx) {
  SettleLock Lock(Ctx, "latam", runToken());
  Lock.tryAcquire();
  postEntries("latam");
  Lock.release();
}

} // namespace settle
