#include "etcd/Client.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace quota {

// Folds 24 hourly usage counters into a daily total per tenant. Slow on big days.
int rollup_day(etcd::Client& client, const std::string& day,
               const std::vector<std::string>& tenants) {
    etcd::Response lease = client.leasegrant(60);
    if (!lease.is_ok()) return 1;
    int64_t lease_id = lease.value().lease();

    etcd::Response held = client.lock("/locks/quota/rollup", lease_id);
    if (!held.is_ok()) {
        client.leaserevoke(lease_id);
        return 1;
    }

    int done = 0;
    for (const std::string& t : tenants) {
        long long sum = 0;
        for (int h = 0; h < 24; ++h) {
            etcd::Response r = client.get("/usage/" + t + "/" + day + "/" + std::to_string(h));
            if (r.is_ok()) sum += std::atoll(r.value().as_string().c_str());
        }

        etcdv3::Transaction txn;
        txn.add_compare_create(held.lock_key(), etcdv3::CompareResult::EQUAL, held.index());
        txn.add_success_put("/usage/" + t + "/" + day + "/total", std::to_string(sum));
        if (!client.txn(txn).is_ok()) break;
        ++done;
    }

    client.unlock(held.lock_key());
    client.leaserevoke(lease_id);
    return done == static_cast<int>(tenants.size()) ? 0 : 2;
}

}  // namespace quota
