#pragma once

#include "etcd/Client.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace quota {

// etcd lock under /locks/quota/<name>, attached to its own lease, which a
// KeepAlive refreshes until the guard goes away.
class EtcdLockGuard {
public:
    EtcdLockGuard(etcd::Client& client, const std::string& name, int ttl_s);
    ~EtcdLockGuard();

    EtcdLockGuard(const EtcdLockGuard&) = delete;
    EtcdLockGuard& operator=(const EtcdLockGuard&) = delete;

    bool owned() const { return !lock_key_.empty(); }
    const std::string& lock_key() const { return lock_key_; }
    int64_t revision() const { return revision_; }

private:
    etcd::Client& client_;
    std::unique_ptr<etcd::KeepAlive> keepalive_;
    int64_t lease_id_ = 0;
    std::string lock_key_;
    int64_t revision_ = 0;
};

// Writes key=value only if the guard's lock key still exists at the revision we got.
bool fenced_put(etcd::Client& client, const EtcdLockGuard& guard, const std::string& key,
                const std::string& value);

}  // namespace quota
