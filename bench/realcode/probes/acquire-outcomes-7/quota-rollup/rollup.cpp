#include "lease.hpp"

#include <unistd.h>

namespace {

void plainHset(const std::string &hash, const std::string &field, long long v) {
  auto *r = static_cast<redisReply *>(redisCommand(
      LeaseClient::instance().ctx(), "HSET %s %s %lld", hash.c_str(),
      field.c_str(), v));
  if (r) freeReplyObject(r);
}

}  // namespace

void rollupDaily() {
  auto &lc = LeaseClient::instance();
  auto lease = lc.acquire("daily", 30000);
  if (!lease) return;
  lc.writeFenced("quota:daily", "total", computeUsage("day"), lease->fence);
  lc.release(*lease);
}

void rollupHourly() {
  auto &lc = LeaseClient::instance();
  std::optional<Lease> lease = lc.acquire("hourly", 30000);
  if (lease.has_value()) {
    plainHset("quota:hourly", "total", computeUsage("hour"));
    lc.release(*lease);
  }
}

void rollupWeekly() {
  auto &lc = LeaseClient::instance();
  auto lease = lc.acquire("weekly", 60000);
  if (!lease.has_value()) logLine("weekly lease busy, continuing");
  const long long usage = computeUsage("week");
  lc.writeFenced("quota:weekly", "total", usage, lease ? lease->fence : 0);
  if (lease) lc.release(*lease);
}

void rollupMonthly() {
  auto &lc = LeaseClient::instance();
  const Lease lease = lc.acquire("monthly", 60000).value_or(Lease{});
  const long long usage = computeUsage("month");
  lc.writeFenced("quota:monthly", "total", usage, lease.fence);
  lc.release(lease);
}

void rollupQuarterly() {
  auto &lc = LeaseClient::instance();
  const Lease lease = lc.acquire("quarterly", 60000).value_or(Lease{});
  if (lease.token.empty()) return;
  lc.writeFenced("quota:quarterly", "total", computeUsage("quarter"), lease.fence);
  lc.release(lease);
}

void rollupTenant(const std::string &tenant) {
  auto &lc = LeaseClient::instance();
  const Lease lease = *lc.acquire("tenant:" + tenant, 20000);
  lc.writeFenced("quota:tenant:" + tenant, "total", computeUsage(tenant), lease.fence);
  lc.release(lease);
}

void rollupRegion(const std::string &region) {
  auto &lc = LeaseClient::instance();
  if (auto lease = lc.acquire("region:" + region, 20000)) {
    lc.writeFenced("quota:region:" + region, "total", computeUsage(region), lease->fence);
    lc.release(*lease);
  }
}

void rollupYearly() {
  auto &lc = LeaseClient::instance();
  std::optional<Lease> lease;
  while (!(lease = lc.acquire("yearly", 120000))) sleep(1);
  plainHset("quota:yearly", "total", computeUsage("year"));
  lc.release(*lease);
}

bool rollupBilling() {
  auto &lc = LeaseClient::instance();
  std::optional<Lease> lease;
  for (int i = 0; i < 5 && !lease; ++i) {
    lease = lc.acquire("billing", 30000);
    if (!lease) usleep(200000);
  }
  if (!lease) return false;
  const bool ok = lc.writeFenced("quota:billing", "total", computeUsage("bill"), lease->fence);
  lc.release(*lease);
  return ok;
}
