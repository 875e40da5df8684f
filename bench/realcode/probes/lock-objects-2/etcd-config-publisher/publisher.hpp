#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "etcd_mutex.hpp"

namespace cfgpub {

struct Bundle {
    std::string name;
    std::string body;
};

class ConfigPublisher
{
public:
    ConfigPublisher(etcd::Client &client, const std::string &environment, const std::string &node);

    bool Announce();
    int PublishAll(const std::vector<Bundle> &bundles);
    bool RotateSigningKey(const std::string &newKeyPem);
    bool Rollback(const std::string &version);

private:
    bool PushToEdge(const Bundle &b);

    etcd::Client &m_client;
    std::string m_env;
    std::string m_node;
    EtcdMutex m_publishMutex;
    EtcdMutex m_keyMutex;
    std::shared_ptr<etcd::KeepAlive> m_presence;
};

} // namespace cfgpub
