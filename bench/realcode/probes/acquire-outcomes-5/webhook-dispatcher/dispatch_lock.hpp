#ifndef HOOK_DISPATCH_LOCK_HPP
#define HOOK_DISPATCH_LOCK_HPP

#include <hiredis/hiredis.h>
#include <string>

namespace hook {

enum : unsigned {
    kHeld      = 1u << 0,
    kContended = 1u << 1,
    kFault     = 1u << 2,
};

struct LockOutcome {
    unsigned flags = 0;
    std::string token;   // valid when flags & kHeld
    std::string detail;  // reason otherwise
};

// Per-endpoint dispatch lock (20 s lease), built on rmTrySet.
LockOutcome dlAcquire(redisContext *c, const std::string &endpoint);
void dlRelease(redisContext *c, const std::string &endpoint, const LockOutcome &o);

}  // namespace hook

#endif
