#ifndef CFGPUB_PUBLISHER_HPP
#define CFGPUB_PUBLISHER_HPP

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <etcd/Client.hpp>

namespace cfgpub {

struct ConfigDoc {
    std::string service;
    std::string body;
    int64_t expectedRevision;  // mod revision the editor started from
};

class ConfigPublisher {
public:
    explicit ConfigPublisher(etcd::Client& client) : m_client(client) {}

    bool publishAll(const std::vector<ConfigDoc>& docs);
    bool publishOne(const ConfigDoc& doc);

private:
    etcd::Client& m_client;
};

class RolloutCoordinator {
public:
    RolloutCoordinator(etcd::Client& client, std::string region);
    ~RolloutCoordinator();

    void advance(int wave);

private:
    etcd::Client& m_client;
    std::string m_region;
    std::shared_ptr<etcd::KeepAlive> m_keepalive;
};

// renders a service's effective config; calls the templating service over HTTP
std::string renderConfig(const ConfigDoc& doc);
void pushWave(const std::string& region, int wave);

}  // namespace cfgpub

#endif
