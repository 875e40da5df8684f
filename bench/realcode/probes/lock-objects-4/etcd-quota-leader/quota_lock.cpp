#include "quota_lock.hpp"

#include <cstdio>

namespace quota {

EtcdLockGuard::EtcdLockGuard(etcd::Client& client, const std::string& name, int ttl_s)
    : client_(client) {
    etcd::Response lease = client_.leasegrant(ttl_s);
    if (!lease.is_ok()) {
        std::fprintf(stderr, "quota lock %s: lease: %s\n", name.c_str(), lease.error_message().c_str());
        return;
    }
    lease_id_ = lease.value().lease();
    keepalive_ = std::make_unique<etcd::KeepAlive>(client_, ttl_s, lease_id_);

    etcd::Response r = client_.lock("/locks/quota/" + name, lease_id_);
    if (!r.is_ok()) {
        std::fprintf(stderr, "quota lock %s: %s\n", name.c_str(), r.error_message().c_str());
        return;
    }
    lock_key_ = r.lock_key();
    revision_ = r.index();
}

EtcdLockGuard::~EtcdLockGuard() {
    if (!lock_key_.empty()) client_.unlock(lock_key_);
    if (keepalive_) keepalive_->Cancel();
    if (lease_id_ != 0) client_.leaserevoke(lease_id_);
}

bool fenced_put(etcd::Client& client, const EtcdLockGuard& guard, const std::string& key,
                const std::string& value) {
    if (!guard.owned()) return false;
    etcdv3::Transaction txn;
    txn.add_compare_create(guard.lock_key(), etcdv3::CompareResult::EQUAL, guard.revision());
    txn.add_success_put(key, value);
    return client.txn(txn).is_ok();
}

}  // namespace quota
