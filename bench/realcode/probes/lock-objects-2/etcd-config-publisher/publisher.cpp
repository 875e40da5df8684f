// publisher.cpp -- pushes configuration bundles to every edge PoP.
#include "publisher.hpp"

#include <cstdlib>
#include <iostream>

namespace cfgpub {

ConfigPublisher::ConfigPublisher(etcd::Client &client, const std::string &environment,
                                 const std::string &node)
    : m_client(client),
      m_env(environment),
      m_node(node),
      m_publishMutex(client, "/locks/config-publish/" + environment, 15),
      m_keyMutex(client, "/locks/signing-key/" + environment, 15)
{
}

bool ConfigPublisher::Announce()
{
    m_presence = m_client.leasekeepalive(10).get();
    if (!m_presence)
        return false;
    etcd::Response r =
        m_client.put("/publishers/" + m_env + "/" + m_node, "up", m_presence->Lease()).get();
    return r.is_ok();
}

// Uploads one bundle to all ~200 edge locations; several seconds per bundle.
bool ConfigPublisher::PushToEdge(const Bundle &b)
{
    const std::string cmd = "edge-sync --env " + m_env + " --bundle " + b.name;
    return std::system(cmd.c_str()) == 0;
}

int ConfigPublisher::PublishAll(const std::vector<Bundle> &bundles)
{
    if (!m_publishMutex.Lock()) {
        std::clog << "publish " << m_env << ": another publisher is active\n";
        return 0;
    }
    int pushed = 0;
    for (const Bundle &b : bundles) {
        if (PushToEdge(b))
            ++pushed;
        else
            std::cerr << "publish " << b.name << " failed\n";
    }
    m_client.put("/config/" + m_env + "/generation", std::to_string(pushed)).wait();
    m_publishMutex.Unlock();
    return pushed;
}

bool ConfigPublisher::RotateSigningKey(const std::string &newKeyPem)
{
    if (!m_keyMutex.LockKeptAlive())
        return false;
    bool ok = m_keyMutex.Valid();
    if (ok) {
        etcd::Response r = m_client.put("/signing/" + m_env + "/next", newKeyPem).get();
        ok = r.is_ok() && m_keyMutex.Valid();
    }
    if (ok) {
        etcd::Response r = m_client.put("/signing/" + m_env + "/current", newKeyPem).get();
        ok = r.is_ok();
    }
    m_keyMutex.Unlock();
    return ok;
}

bool ConfigPublisher::Rollback(const std::string &version)
{
    m_publishMutex.LockKeptAlive();
    etcd::Response r = m_client.get("/config/" + m_env + "/history/" + version).get();
    bool ok = r.is_ok();
    if (ok)
        ok = m_client.put("/config/" + m_env + "/active", r.value().as_string()).get().is_ok();
    m_publishMutex.Unlock();
    return ok;
}

} // namespace cfgpub
