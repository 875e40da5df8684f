#include <cstdio>
#include <string>
#include <vector>

#include "named_lock.hpp"
#include "quota_service.hpp"

namespace quota {

// Nightly: redistribute unused pooled quota across a tenant group.
int rebalancePool(QuotaService& svc, const std::vector<std::string>& tenants) {
  MYSQL* conn = svc.connection();

  NamedLock global(conn, "quota-global");
  if (!global.acquire(10)) return -1;

  int touched = 0;
  for (const auto& t : tenants) {
    NamedLock tenantLock(conn, "tenant:" + t);
    if (!tenantLock.acquire(10)) continue;

    const std::string upd = "UPDATE quotas SET quota_limit = quota_limit + pooled_bonus, pooled_bonus = 0 WHERE tenant = '" + t + "'";
    if (mysql_query(conn, upd.c_str()) == 0) ++touched;
  }
  return touched;
}

// Weekly: write a usage snapshot for a tenant into the audit log.
bool snapshotTenant(QuotaService& svc, const std::string& tenant) {
  MYSQL* conn = svc.connection();

  NamedLock tenantLock(conn, "tenant:" + tenant);
  if (!tenantLock.acquire(5)) return false;

  NamedLock auditLock(conn, "audit-log");
  if (!auditLock.acquire(5)) return false;

  const std::string ins = "INSERT INTO usage_snapshots (tenant, used, taken_at) SELECT tenant, used, NOW() FROM quotas WHERE tenant = '" + tenant + "'";
  return mysql_query(conn, ins.c_str()) == 0;
}

}  // namespace quota
