#include "etcd_mutex.hpp"

#include <exception>
#include <iostream>

namespace cfgpub {

EtcdMutex::EtcdMutex(etcd::Client &client, std::string key, int leaseTtl)
    : m_client(client), m_key(std::move(key)), m_leaseTtl(leaseTtl)
{
}

EtcdMutex::~EtcdMutex()
{
    if (!m_lockKey.empty())
        Unlock();
}

bool EtcdMutex::LockWithLease(int64_t leaseId)
{
    etcd::Response resp = m_client.lock_with_lease(m_key, leaseId).get();
    if (!resp.is_ok()) {
        std::cerr << "etcd lock " << m_key << ": " << resp.error_message() << '\n';
        return false;
    }
    m_leaseId = leaseId;
    m_lockKey = resp.lock_key();
    return true;
}

bool EtcdMutex::Lock()
{
    etcd::Response grant = m_client.leasegrant(m_leaseTtl).get();
    if (!grant.is_ok())
        return false;
    return LockWithLease(grant.value().lease());
}

bool EtcdMutex::LockKeptAlive()
{
    try {
        m_keepAlive = m_client.leasekeepalive(m_leaseTtl).get();
    } catch (const std::exception &e) {
        std::cerr << "etcd keepalive " << m_key << ": " << e.what() << '\n';
        return false;
    }
    if (!m_keepAlive)
        return false;
    if (!LockWithLease(m_keepAlive->Lease())) {
        m_keepAlive->Cancel();
        m_keepAlive.reset();
        return false;
    }
    return true;
}

bool EtcdMutex::Valid()
{
    if (!m_keepAlive)
        return !m_lockKey.empty();
    try {
        m_keepAlive->Check();
        return true;
    } catch (const std::exception &) {
        return false;
    }
}

void EtcdMutex::Unlock()
{
    if (m_lockKey.empty())
        return;
    m_client.unlock(m_lockKey).wait();
    if (m_keepAlive) {
        m_keepAlive->Cancel();
        m_keepAlive.reset();
    }
    m_client.leaserevoke(m_leaseId).wait();
    m_lockKey.clear();
    m_leaseId = 0;
}

} // namespace cfgpub
