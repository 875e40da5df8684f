#include "quota_lock.hpp"

#include <cstdlib>
#include <map>
#include <string>

namespace quota {

// Compares stored usage with what billing charged and records the drift.
int audit_drift(etcd::Client& client, const std::map<std::string, long long>& billed) {
    EtcdLockGuard lock(client, "audit", 30);

    int drifted = 0;
    for (const auto& [tenant, amount] : billed) {
        etcd::Response r = client.get("/quota/tenants/" + tenant + "/used");
        if (!r.is_ok()) continue;
        long long used = std::atoll(r.value().as_string().c_str());
        if (used == amount) continue;

        ++drifted;
        client.set("/quota/drift/" + tenant, std::to_string(used - amount));
    }
    return drifted;
}

}  // namespace quota
