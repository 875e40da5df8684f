// Webhook dispatcher: delivers queued webhook events to customer endpoints.
// All dispatcher pods join the election; only the leader drains the queue so
// events are delivered in order.
#include <iostream>
#include <string>

#include "zk_leader_lock.h"

namespace hooks {

class DeliveryQueue {
public:
    virtual ~DeliveryQueue() = default;
    virtual int dispatchPending(const std::string &leaderNode) = 0;
    virtual int flushRetries() = 0;
};

class SigningKeys {
public:
    virtual ~SigningKeys() = default;
    virtual bool load() = 0;
    virtual bool rotate() = 0;
};

class Dispatcher {
public:
    Dispatcher(ZkLeaderLock &lock, DeliveryQueue &queue, SigningKeys &keys)
        : lock_(lock), queue_(queue), keys_(keys) {}

    int pump();
    int flushRetries();
    bool rotateSigningKeys();

private:
    ZkLeaderLock &lock_;
    DeliveryQueue &queue_;
    SigningKeys &keys_;
};

int Dispatcher::pump() {
    if (auto node = lock_.acquire()) {
        const int sent = queue_.dispatchPending(*node);
        lock_.release();
        return sent;
    }
    return 0;
}

int Dispatcher::flushRetries() {
    const auto node = lock_.acquire();
    std::cerr << "flushing retry queue as " << node.value_or("<standby>") << '\n';
    const int flushed = queue_.flushRetries();
    lock_.release();
    return flushed;
}

bool Dispatcher::rotateSigningKeys() {
    if (!lock_.acquire()) {
        return false;
    }
    if (!keys_.load()) {
        std::cerr << "key rotation: cannot load current signing keys\n";
        return false;
    }
    const bool ok = keys_.rotate();
    lock_.release();
    return ok;
}

}  // namespace hooks
