#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "etcd/Client.hpp"
#include "etcd/KeepAlive.hpp"

namespace cfgpub {

// Wraps etcd's lock service with a lease this object owns.
class EtcdMutex
{
public:
    EtcdMutex(etcd::Client &client, std::string key, int leaseTtl);
    ~EtcdMutex();

    // Lease granted once; fine for critical sections shorter than the TTL.
    bool Lock();
    // Lease refreshed in the background by a KeepAlive.
    bool LockKeptAlive();
    bool Valid();
    void Unlock();

private:
    bool LockWithLease(int64_t leaseId);

    etcd::Client &m_client;
    std::string m_key;
    int m_leaseTtl;
    int64_t m_leaseId = 0;
    std::string m_lockKey;
    std::shared_ptr<etcd::KeepAlive> m_keepAlive;
};

} // namespace cfgpub
