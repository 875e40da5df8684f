#include "digest_lock.hpp"

#include <unistd.h>

void digestDaily() {
  auto &locker = digestLocker();
  const auto lease = locker.acquire("daily", 60000);
  if (!lease) return;
  sendDigest("daily");
  locker.release(lease.value());
}

void digestWeekly() {
  auto &locker = digestLocker();
  const auto lease = locker.acquire("weekly", 60000);
  if (lease.error() == LockErr::Busy) return;
  sendDigest("weekly");
  locker.release(lease.value());
}

void digestMonthly() {
  auto &locker = digestLocker();
  const auto lease = locker.acquire("monthly", 60000);
  if (!lease.hasValue() && lease.error() != LockErr::Busy) return;
  sendDigest("monthly");
  locker.release(lease.value());
}

void digestPromo() {
  auto &locker = digestLocker();
  const Lease lease = locker.acquire("promo", 60000).valueOr(Lease{});
  sendDigest("promo");
  locker.release(lease);
}

void digestNews() {
  auto &locker = digestLocker();
  const Lease lease = locker.acquire("news", 60000).valueOr(Lease{});
  if (lease.token.empty()) return;
  sendDigest("news");
  locker.release(lease);
}

void digestAlerts() {
  auto &locker = digestLocker();
  const auto lease = locker.acquire("alerts", 60000);
  switch (lease.error()) {
    case LockErr::None:
      sendDigest("alerts");
      locker.release(lease.value());
      break;
    case LockErr::Busy:
    case LockErr::Io:
    case LockErr::Protocol:
      break;
  }
}

void digestLegacy() {
  auto &locker = digestLocker();
  if (!locker.acquireLegacy("legacy")) return;
  sendDigest("legacy");
  locker.releaseLegacy("legacy");
}

void digestTeam() {
  auto &locker = digestLocker();
  if (!locker.acquireShared("team")) return;
  sendDigest("team");
  locker.releaseShared("team");
}

bool digestVip() {
  auto &locker = digestLocker();
  for (int attempt = 0; attempt < 3; ++attempt) {
    const auto lease = locker.acquire("vip", 60000);
    if (lease.hasValue()) {
      sendDigest("vip");
      return locker.release(lease.value());
    }
    if (lease.error() != LockErr::Busy) return false;
    sleep(1);
  }
  return false;
}
