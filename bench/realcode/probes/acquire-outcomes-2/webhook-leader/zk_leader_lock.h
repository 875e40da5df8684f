// zk_leader_lock.h
//
// Leadership for the webhook dispatcher, on the ZooKeeper C client.
//
// acquire() enters the election under /webhooks/election and returns our
// node path when it is the lowest sequence number, std::nullopt otherwise
// (our node is withdrawn in that case).  claimFixed() is the older
// single-node scheme kept for the replay tool.
#pragma once

#include <atomic>
#include <optional>
#include <string>

#include <zookeeper/zookeeper.h>

namespace hooks {

class ZkLeaderLock {
public:
    ZkLeaderLock(zhandle_t *zh, std::string electionDir, std::string identity);

    std::optional<std::string> acquire();
    bool isHeld() const { return held_.load(); }
    void release();

    bool claimFixed(const std::string &path);
    void releaseFixed(const std::string &path);

    // Called from the session watcher when the session expires.
    void onSessionExpired() { held_.store(false); }

private:
    zhandle_t *zh_;
    std::string dir_;
    std::string identity_;
    std::string node_;
    std::atomic<bool> held_{false};
};

// Global watcher installed by zookeeper_init(); context is the ZkLeaderLock.
void leaderSessionWatcher(zhandle_t *zh, int type, int state, const char *path, void *ctx);

}  // namespace hooks
