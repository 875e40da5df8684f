// zk_leader.hpp -- "only one cron host runs this tick" via an ephemeral znode.
#pragma once

#include <zookeeper/zookeeper.h>

#include <string>

namespace cron {

class ZkLeader {
public:
    ZkLeader(zhandle_t* zh, const std::string& job);

    // Synchronous create.  Returns the raw ZooKeeper code:
    //   ZOK          -> this host created the node and leads
    //   ZNODEEXISTS  -> another host leads
    //   anything else (ZCONNECTIONLOSS, ZOPERATIONTIMEOUT, ...) -> unknown
    int tryLead();

    // Asynchronous create; `cb` receives the create rc.  The return value
    // is only the local enqueue status.
    int tryLeadAsync(string_completion_t cb, const void* data);

    void adopt(const char* createdPath) { created_ = createdPath ? createdPath : path_; }
    void resign();

    const std::string& path() const { return path_; }

private:
    zhandle_t* zh_;
    std::string path_;
    std::string hostId_;
    std::string created_;
};

}  // namespace cron
