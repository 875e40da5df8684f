#include "named_lock.h"

#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

struct LockBusy : std::runtime_error {
  LockBusy() : std::runtime_error("quota lock busy") {}
};

std::vector<std::string> loadTenants(MYSQL *db);
void pushUsage(MYSQL *db, const std::string &tenant, long bytes);

static long parseQuota(const std::string &raw) {
  if (raw.empty() || raw[0] == '-') {
    throw std::runtime_error("bad quota value: " + raw);
  }
  return std::stol(raw);
}

bool syncTenant(MYSQL *db, const std::string &tenant) {
  NamedLock lock(db, "quota:" + tenant);
  if (!lock.acquire(-1)) {
    return false;
  }
  NamedLockGuard guard(lock);
  pushUsage(db, tenant, 0);
  return true;
}

bool syncAll(MYSQL *db, const std::vector<std::string> &raw) {
  NamedLock lock(db, "quota:all");
  if (!lock.acquire(10)) {
    return false;
  }
  for (const std::string &r : raw) {
    long bytes = parseQuota(r);
    pushUsage(db, "*", bytes);
  }
  return lock.release();
}

bool syncTenantRetry(MYSQL *db, const std::string &tenant) {
  try {
    NamedLock lock(db, "quota:" + tenant);
    if (!lock.acquire(0)) {
      throw LockBusy();
    }
    NamedLockGuard guard(lock);
    pushUsage(db, tenant, 1);
    return true;
  } catch (const LockBusy &) {
    sleep(1);
    return syncTenantRetry(db, tenant);
  }
}

bool syncTenantBounded(MYSQL *db, const std::string &tenant, int attempt) {
  try {
    NamedLock lock(db, "quota:" + tenant);
    if (!lock.acquire(2)) {
      throw LockBusy();
    }
    NamedLockGuard guard(lock);
    pushUsage(db, tenant, 2);
    return true;
  } catch (const LockBusy &) {
    if (attempt < 3) {
      return syncTenantBounded(db, tenant, attempt + 1);
    }
    return false;
  }
}

bool recomputeUsage(MYSQL *db, const std::string &raw) {
  NamedLock lock(db, "quota:recompute");
  if (!lock.acquire(30)) {
    return false;
  }
  NamedLockGuard guard(lock);
  pushUsage(db, "*", parseQuota(raw));
  return true;
}
