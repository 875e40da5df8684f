#include "quota_lock.hpp"

#include <string>
#include <vector>

namespace quota {

struct TenantUsage {
    std::string tenant;
    long long used;
};

// Publishes per-tenant usage computed by the metering pipeline.
int sync_quotas(etcd::Client& client, const std::vector<TenantUsage>& usage) {
    EtcdLockGuard lock(client, "sync", 15);
    if (!lock.owned()) return 1;

    long long total = 0;
    for (const TenantUsage& u : usage) {
        std::string key = "/quota/tenants/" + u.tenant + "/used";
        if (!fenced_put(client, lock, key, std::to_string(u.used))) return 2;
        total += u.used;
    }

    client.set("/quota/totals/used", std::to_string(total));
    return 0;
}

}  // namespace quota
