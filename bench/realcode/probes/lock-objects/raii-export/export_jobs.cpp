#include <unistd.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "lock_guard.h"

namespace exporter {

long CountRows(redisContext* ctx, const char* table);
bool UploadCsv(redisContext* ctx, const char* table, long rows);

int ExportUsers(redisContext* ctx) {
  auto lock = std::make_unique<RedisLock>();
  lock->init(ctx, "lock:export:users");
  LockGuard guard(*lock, 120);
  if (!guard.owns()) return 1;

  long rows = CountRows(ctx, "users");
  if (rows < 0) return 2;
  if (rows == 0) return 0;
  return UploadCsv(ctx, "users", rows) ? 0 : 3;
}

int ExportOrders(redisContext* ctx) {
  RedisLock lock;
  lock.init(ctx, "lock:export:orders");
  lock.tryLock(300);
  auto unlock = MakeScopeExit([&lock] { lock.release(); });

  long rows = CountRows(ctx, "orders");
  if (rows <= 0) return rows < 0 ? 2 : 0;
  return UploadCsv(ctx, "orders", rows) ? 0 : 3;
}

void ExportInvoices(redisContext* ctx) {
  RedisLock lock;
  lock.init(ctx, "lock:export:invoices");
  if (!lock.tryLock(300)) return;

  long rows = CountRows(ctx, "invoices");
  if (rows < 0) throw std::runtime_error("invoices: count failed");
  UploadCsv(ctx, "invoices", rows);
  lock.release();
}

int ExportAudit(redisContext* ctx) {
  std::unique_ptr<RedisLock> lock(new RedisLock());
  lock->init(ctx, "lock:export:audit");
  if (!lock->tryLock(600)) {
    std::fprintf(stderr, "audit export already running\n");
    return 1;
  }
  auto unlock = MakeScopeExit([&] { lock->release(); });

  long rows = CountRows(ctx, "audit_log");
  if (rows < 0) throw std::runtime_error("audit: count failed");
  return UploadCsv(ctx, "audit_log", rows) ? 0 : 3;
}

int ExportPayments(redisContext* ctx) {
  RedisLock lock;
  lock.init(ctx, "lock:export:payments");
  for (;;) {
    LockGuard guard(lock, 300);
    if (guard.owns()) {
      long rows = CountRows(ctx, "payments");
      return (rows >= 0 && UploadCsv(ctx, "payments", rows)) ? 0 : 2;
    }
    sleep(5);
  }
}

}  // namespace exporter
