#include "snapshot_store.h"
#include "zk_mutex.h"

namespace ledger {

void snapshotDaily(ZkMutex &mtx, const std::string &book) {
  auto [held, node] = mtx.tryAcquire("daily-" + book);
  if (!held) return;
  writeSnapshot(book, Period::Daily);
  mtx.release(node);
}

void snapshotHourly(ZkMutex &mtx, const std::string &book) {
  auto [held, node] = mtx.tryAcquire("hourly-" + book);
  logSnapshotStart(book, node);
  writeSnapshot(book, Period::Hourly);
  mtx.release(node);
}

void snapshotWeekly(ZkMutex &mtx, const std::string &book) {
  auto [held, node] = mtx.tryAcquire("weekly-" + book);
  if (held) {
    if (!flushJournal(book)) return;
    writeSnapshot(book, Period::Weekly);
    mtx.release(node);
  }
}

void snapshotMonthly(ZkMutex &mtx, const std::string &book) {
  const std::string node = mtx.acquire("monthly-" + book);
  writeSnapshot(book, Period::Monthly);
  mtx.release(node);
}

bool snapshotQuarterly(ZkMutex &mtx, const std::string &book) {
  if (auto [held, node] = mtx.acquireFor("quarterly-" + book, std::chrono::seconds(20)); held) {
    writeSnapshot(book, Period::Quarterly);
    mtx.release(node);
    return true;
  }
  return false;
}

void snapshotYearly(ZkMutex &mtx, const std::string &book) {
  const auto grant = mtx.tryAcquire("yearly-" + book);
  if (grant.second.empty()) return;
  if (!flushJournal(book)) {
    mtx.release(grant.second);
    return;
  }
  writeSnapshot(book, Period::Yearly);
  mtx.release(grant.second);
}

}  // namespace ledger
