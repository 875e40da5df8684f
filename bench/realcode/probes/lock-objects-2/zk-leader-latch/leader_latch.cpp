#include "leader_latch.hpp"

#include <iostream>

namespace dispatch {

LeaderLatch::LeaderLatch(std::string hosts, std::string service, std::string memberId, int sessionMs)
    : m_hosts(std::move(hosts)), m_path("/leaders/" + service), m_memberId(std::move(memberId)),
      m_sessionMs(sessionMs)
{
}

LeaderLatch::~LeaderLatch()
{
    if (m_zh != nullptr)
        zookeeper_close(m_zh);
}

void LeaderLatch::onSession(zhandle_t *zh, int type, int state, const char *, void *ctx)
{
    auto *self = static_cast<LeaderLatch *>(ctx);
    if (type != ZOO_SESSION_EVENT)
        return;
    std::lock_guard<std::mutex> g(self->m_mu);
    if (state == ZOO_CONNECTED_STATE) {
        self->m_connected = true;
    } else if (state == ZOO_EXPIRED_SESSION_STATE) {
        std::cerr << "leader-latch: session expired, reconnecting\n";
        zookeeper_close(zh);
        self->m_zh = zookeeper_init(self->m_hosts.c_str(), &LeaderLatch::onSession,
                                    self->m_sessionMs, nullptr, self, 0);
        self->m_connected = false;
    } else {
        self->m_connected = false;
    }
    self->m_cv.notify_all();
}

void LeaderLatch::onNode(zhandle_t *, int type, int, const char *, void *ctx)
{
    auto *self = static_cast<LeaderLatch *>(ctx);
    if (type != ZOO_DELETED_EVENT)
        return;
    std::lock_guard<std::mutex> g(self->m_mu);
    self->m_nodeChanged = true;
    self->m_cv.notify_all();
}

bool LeaderLatch::connect(std::chrono::milliseconds timeout)
{
    m_zh = zookeeper_init(m_hosts.c_str(), &LeaderLatch::onSession, m_sessionMs, nullptr, this, 0);
    if (m_zh == nullptr)
        return false;
    {
        std::unique_lock<std::mutex> lk(m_mu);
        if (!m_cv.wait_for(lk, timeout, [this] { return m_connected; }))
            return false;
    }
    int rc = zoo_create(m_zh, "/leaders", nullptr, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT,
                        nullptr, 0);
    if (rc != ZOK && rc != ZNODEEXISTS) {
        std::cerr << "leader-latch: /leaders: " << zerror(rc) << '\n';
        return false;
    }
    return true;
}

int LeaderLatch::tryCreate()
{
    return zoo_create(m_zh, m_path.c_str(), m_memberId.data(), static_cast<int>(m_memberId.size()),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
}

bool LeaderLatch::awaitLeadership(std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const int rc = tryCreate();
        if (rc == ZOK) {
            std::lock_guard<std::mutex> g(m_mu);
            m_leader = true;
            return true;
        }
        if (rc != ZNODEEXISTS)
            return false;
        {
            std::lock_guard<std::mutex> g(m_mu);
            m_nodeChanged = false;
        }
        Stat st{};
        if (zoo_wexists(m_zh, m_path.c_str(), &LeaderLatch::onNode, this, &st) == ZNONODE)
            continue;
        std::unique_lock<std::mutex> lk(m_mu);
        m_cv.wait_until(lk, deadline, [this] { return m_nodeChanged; });
    }
    return false;
}

bool LeaderLatch::isLeader() const
{
    std::lock_guard<std::mutex> g(m_mu);
    return m_leader;
}

void LeaderLatch::resign()
{
    {
        std::lock_guard<std::mutex> g(m_mu);
        if (!m_leader)
            return;
        m_leader = false;
    }
    const int rc = zoo_delete(m_zh, m_path.c_str(), -1);
    if (rc != ZOK && rc != ZNONODE)
        std::cerr << "leader-latch: resign " << m_path << ": " << zerror(rc) << '\n';
}

} // namespace dispatch
