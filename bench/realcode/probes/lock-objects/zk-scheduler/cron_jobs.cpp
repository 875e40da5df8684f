#include <cstdio>
#include <string>

#include "zk_lock.h"

namespace sched {

bool RunBillingCycle();
bool RotateAuditLogs();

int BillingCron(ZkClient* zk, const std::string& host_id) {
  ZkLock lock;
  lock.init(zk, "/locks/billing-cron", host_id);
  if (!lock.tryLock()) {
    std::fprintf(stderr, "billing cron already running elsewhere\n");
    return 0;
  }
  const bool ok = RunBillingCycle();
  lock.unlock();
  return ok ? 0 : 1;
}

int AuditRotation(ZkClient* zk, const std::string& host_id) {
  ZkLock lock;
  lock.init(zk, "/locks/audit-rotate", host_id);
  lock.tryLock();
  const bool ok = RotateAuditLogs();
  lock.unlock();
  return ok ? 0 : 1;
}

int ElectedMaintenance(ZkClient* zk, const std::string& host_id) {
  LeaderLatch latch(zk, "/election/maintenance");
  if (!latch.join(host_id)) return 1;
  int rc = 0;
  if (latch.isLeader()) rc = RotateAuditLogs() ? 0 : 1;
  latch.leave();
  return rc;
}

}  // namespace sched
