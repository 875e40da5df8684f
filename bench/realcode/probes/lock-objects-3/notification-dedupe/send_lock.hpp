#pragma once

#include <string>

namespace notify {

// Per (channel, recipient) send lock, so a user never gets the same batch
// from two notifier replicas at once.
class SendLock {
public:
    SendLock(const std::string& channel, const std::string& recipient, int ttl_ms);
    ~SendLock();

    bool acquire();
    void release();

    const std::string& key() const { return key_; }
    int ttl_ms() const { return ttl_ms_; }

private:
    std::string key_;
    int ttl_ms_;
    bool held_ = false;
};

}  // namespace notify
