#include "dispatch_lock.hpp"
#include "redis_mutex.hpp"

namespace hook {

static std::string keyFor(const std::string &endpoint) { return "hooklock:" + endpoint; }

LockOutcome dlAcquire(redisContext *c, const std::string &endpoint) {
    LockOutcome o;
    auto [taken, info] = rmTrySet(c, keyFor(endpoint), 20000);
    if (taken) {
        o.flags = kHeld;
        o.token = info;
    } else if (info == "busy") {
        o.flags = kContended;
        o.detail = info;
    } else {
        o.flags = kFault;
        o.detail = info;
    }
    return o;
}

void dlRelease(redisContext *c, const std::string &endpoint, const LockOutcome &o) {
    if (o.flags & kHeld) rmDropIfOwner(c, keyFor(endpoint), o.token);
}

}  // namespace hook
