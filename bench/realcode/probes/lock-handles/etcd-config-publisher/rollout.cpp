#include "publisher.hpp"

#include <iostream>

namespace cfgpub {

RolloutCoordinator::RolloutCoordinator(etcd::Client& client, std::string region)
    : m_client(client), m_region(std::move(region)) {
    m_keepalive = m_client.leasekeepalive(15).get();
}

RolloutCoordinator::~RolloutCoordinator() {
    if (m_keepalive) {
        m_keepalive->Cancel();
        m_client.leaserevoke(m_keepalive->Lease()).get();
    }
}

void RolloutCoordinator::advance(int wave) {
    const std::string lockName = "/rollout/locks/" + m_region;

    etcd::Response held = m_client.lock_with_lease(lockName, m_keepalive->Lease()).get();
    std::cout << "rollout " << m_region << ": advancing to wave " << wave << std::endl;
    pushWave(m_region, wave);

    m_client.unlock(held.lock_key()).get();
}

}  // namespace cfgpub
