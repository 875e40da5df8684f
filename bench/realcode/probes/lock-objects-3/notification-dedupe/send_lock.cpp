#include "send_lock.hpp"

#include "redis_client.hpp"

namespace notify {

namespace {

constexpr const char* kHolder = "notifier";

constexpr const char* kReleaseScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

}  // namespace

SendLock::SendLock(const std::string& channel, const std::string& recipient, int ttl_ms)
    : key_("notify:lock:" + channel + ":" + recipient), ttl_ms_(ttl_ms) {}

SendLock::~SendLock() { release(); }

bool SendLock::acquire() {
    Reply r = Redis::get().command("SET %s %s NX PX %d", key_.c_str(), kHolder, ttl_ms_);
    held_ = r.is_status("OK");
    return held_;
}

void SendLock::release() {
    if (!held_) return;
    held_ = false;
    Redis::get().command("EVAL %s 1 %s %s", kReleaseScript, key_.c_str(), kHolder);
}

}  // namespace notify
