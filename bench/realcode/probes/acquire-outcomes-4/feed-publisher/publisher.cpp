#include "publisher.h"

#include <chrono>
#include <thread>

#include "lock_manager.h"

namespace feed {

int Publisher::publishChannel(const std::string &channel) {
    FeedLock lock("feed:channel:" + channel, 30000);
    if (!lock)
        return 0;

    auto items = source_.pending(channel);
    for (const auto &it : items)
        sink_.push(channel, it);
    source_.ack(channel, items.size());
    return static_cast<int>(items.size());
}

void Publisher::rebuildDigest(const std::string &channel) {
    FeedLock lock("feed:digest:" + channel, 60000);
    std::string digest = source_.buildDigest(channel);
    sink_.replaceDigest(channel, digest);
}

bool Publisher::compact(const std::string &channel) {
    auto &lm = LockManager::instance();
    const std::string key = "feed:compact:" + channel;
    const std::string token = newLockToken();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);

    while (!lm.tryLock(key, token, 45000)) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    sink_.compact(channel);
    lm.unlock(key, token);
    return true;
}

void Publisher::heartbeat() {
    leader_ = LockManager::instance().pinLeader("feed:leader", nodeId_);
}

}  // namespace feed
