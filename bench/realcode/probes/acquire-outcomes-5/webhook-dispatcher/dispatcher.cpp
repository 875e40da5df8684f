// dispatcher.cpp -- webhook delivery loop pieces.
#include "dispatch_lock.hpp"
#include "redis_mutex.hpp"

#include <cstdlib>
#include <iostream>
#include <string>

namespace hook {

// delivery.cpp (outside this probe)
bool deliverPending(const std::string &endpoint);
int deliverBurst(const std::string &endpoint, int max);
int replayDeadLetters();
int purgeDeadEndpoints();
long deliverAfter(const std::string &endpoint, long cursor);
void rotateSigningSecret(const std::string &endpoint);

bool dispatchOne(redisContext *c, const std::string &ep) {
    const LockOutcome o = dlAcquire(c, ep);
    if (!(o.flags & kHeld)) return false;
    const bool ok = deliverPending(ep);
    dlRelease(c, ep, o);
    return ok;
}

int dispatchBurst(redisContext *c, const std::string &ep, int max) {
    LockOutcome o = dlAcquire(c, ep);
    if ((o.flags & kContended) == 0) {
        int n = deliverBurst(ep, max);
        dlRelease(c, ep, o);
        return n;
    }
    return 0;
}

int replayFailed(redisContext *c) {
    auto [held, info] = rmTrySet(c, "hooklock:replay", 30000);
    if (!held) {
        std::clog << "replay skipped: " << info << '\n';
        return 0;
    }
    const int n = replayDeadLetters();
    rmDropIfOwner(c, "hooklock:replay", info);
    return n;
}

int purgeDead(redisContext *c) {
    int purged = 0;
    auto guarded = [&](auto &&work) {
        LockOutcome o = dlAcquire(c, "purge");
        work();
        if (o.flags & kHeld) dlRelease(c, "purge", o);
    };
    guarded([&] { purged = purgeDeadEndpoints(); });
    return purged;
}

long advanceCursor(redisContext *c, const std::string &ep) {
    const LockOutcome o = dlAcquire(c, ep);
    if ((o.flags & kHeld) != kHeld) return -1;

    long cursor = 0;
    if (auto *r = (redisReply *)redisCommand(c, "HGET hook:cursor %s", ep.c_str())) {
        if (r->type == REDIS_REPLY_STRING) cursor = std::strtol(r->str, nullptr, 10);
        freeReplyObject(r);
    }
    const long next = deliverAfter(ep, cursor);
    if (auto *w = redisCommand(c, "HSET hook:cursor %s %ld", ep.c_str(), next)) freeReplyObject(w);
    dlRelease(c, ep, o);
    return next;
}

bool rotateSecrets(redisContext *c, const std::string &ep) {
    auto runLocked = [c](const std::string &name, auto &&fn) -> bool {
        const LockOutcome o = dlAcquire(c, name);
        if (!(o.flags & kHeld)) return false;
        fn();
        dlRelease(c, name, o);
        return true;
    };
    return runLocked("secrets:" + ep, [&] { rotateSigningSecret(ep); });
}

}  // namespace hook
