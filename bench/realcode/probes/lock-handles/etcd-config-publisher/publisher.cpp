#include "publisher.hpp"

#include <cstdio>

namespace cfgpub {

namespace {
const char* const kPublishLock = "/config/locks/publish";
const int kLeaseSeconds = 10;
}  // namespace

// Re-renders and republishes every service config (a few hundred, each
// rendered by the templating service).
bool ConfigPublisher::publishAll(const std::vector<ConfigDoc>& docs) {
    etcd::Response grant = m_client.leasegrant(kLeaseSeconds).get();
    if (!grant.is_ok()) return false;
    const int64_t lease = grant.value().lease();

    etcd::Response locked = m_client.lock_with_lease(kPublishLock, lease).get();
    if (!locked.is_ok()) {
        m_client.leaserevoke(lease).get();
        return false;
    }

    for (const auto& doc : docs) {
        const std::string rendered = renderConfig(doc);
        m_client.put("/config/live/" + doc.service, rendered).get();
    }

    m_client.unlock(locked.lock_key()).get();
    m_client.leaserevoke(lease).get();
    return true;
}

bool ConfigPublisher::publishOne(const ConfigDoc& doc) {
    etcd::Response locked = m_client.lock("/config/locks/svc/" + doc.service, kLeaseSeconds).get();
    if (!locked.is_ok()) return false;

    const std::string rendered = renderConfig(doc);
    etcd::Response w = m_client.modify_if("/config/live/" + doc.service, rendered, doc.expectedRevision).get();
    if (!w.is_ok()) {
        std::fprintf(stderr, "config for %s changed since revision %lld, not publishing\n",
                     doc.service.c_str(), static_cast<long long>(doc.expectedRevision));
    }

    m_client.unlock(locked.lock_key()).get();
    return w.is_ok();
}

}  // namespace cfgpub
