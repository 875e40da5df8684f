// leader_latch.hpp -- single-leader election on one ephemeral znode.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

#include <zookeeper/zookeeper.h>

namespace dispatch {

class LeaderLatch {
public:
    LeaderLatch(std::string hosts, std::string service, std::string memberId, int sessionMs = 10000);
    ~LeaderLatch();

    bool connect(std::chrono::milliseconds timeout);
    // Waits up to `timeout` for /leaders/<service> to be ours.
    bool awaitLeadership(std::chrono::milliseconds timeout);
    bool isLeader() const;
    void resign();

private:
    static void onSession(zhandle_t *zh, int type, int state, const char *path, void *ctx);
    static void onNode(zhandle_t *zh, int type, int state, const char *path, void *ctx);
    int tryCreate();

    std::string m_hosts;
    std::string m_path;
    std::string m_memberId;
    int m_sessionMs;
    zhandle_t *m_zh = nullptr;

    mutable std::mutex m_mu;
    std::condition_variable m_cv;
    bool m_connected = false;
    bool m_leader = false;
    bool m_nodeChanged = false;
};

} // namespace dispatch
