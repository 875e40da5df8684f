#include "quota_service.hpp"

#include <cstdlib>
#include <vector>

#include "named_lock.hpp"

namespace quota {

static constexpr int kLockWaitSec = 3;

std::string QuotaService::esc(const std::string& s) const {
  std::vector<char> buf(s.size() * 2 + 1);
  unsigned long n = mysql_real_escape_string(conn_, buf.data(), s.c_str(), s.size());
  return std::string(buf.data(), n);
}

bool QuotaService::consume(const std::string& tenant, long units) {
  std::lock_guard<std::mutex> lock(mu_);

  const std::string sel = "SELECT used, quota_limit FROM quotas WHERE tenant = '" + esc(tenant) + "'";
  if (mysql_query(conn_, sel.c_str()) != 0) return false;
  MYSQL_RES* res = mysql_store_result(conn_);
  if (res == nullptr) return false;
  MYSQL_ROW row = mysql_fetch_row(res);
  if (row == nullptr) {
    mysql_free_result(res);
    return false;
  }
  const long used = std::atol(row[0]);
  const long limit = std::atol(row[1]);
  mysql_free_result(res);

  if (used + units > limit) return false;

  const std::string upd = "UPDATE quotas SET used = " + std::to_string(used + units) + " WHERE tenant = '" + esc(tenant) + "'";
  return mysql_query(conn_, upd.c_str()) == 0;
}

bool QuotaService::resetUsage(const std::string& tenant) {
  NamedLock lock(conn_, "quota:" + tenant);
  if (!lock.acquire(kLockWaitSec)) return false;

  const std::string upd = "UPDATE quotas SET used = 0, reset_at = NOW() WHERE tenant = '" + esc(tenant) + "'";
  return mysql_query(conn_, upd.c_str()) == 0;
}

bool QuotaService::applyCredit(const std::string& tenant, long units) {
  NamedLock* lock = new NamedLock(conn_, "quota:" + tenant);
  if (!lock->acquire(kLockWaitSec)) {
    delete lock;
    return false;
  }
  if (units <= 0) return false;

  const std::string upd = "UPDATE quotas SET used = GREATEST(used - " + std::to_string(units) + ", 0) WHERE tenant = '" + esc(tenant) + "'";
  const bool ok = mysql_query(conn_, upd.c_str()) == 0;
  lock->release();
  delete lock;
  return ok;
}

bool QuotaService::migrateTenant(const std::string& tenant, const std::string& newPlan) {
  NamedLock tenantLock(conn_, "tenant:" + tenant);
  if (!tenantLock.acquire(kLockWaitSec)) return false;

  NamedLock globalLock(conn_, "quota-global");
  if (!globalLock.acquire(kLockWaitSec)) return false;

  const std::string upd = "UPDATE tenants SET plan = '" + esc(newPlan) + "' WHERE id = '" + esc(tenant) + "'";
  return mysql_query(conn_, upd.c_str()) == 0;
}

}  // namespace quota
