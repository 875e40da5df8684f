#include <chrono>
#include <iostream>
#include <thread>

#include <hiredis/hiredis.h>

#include "pipeline.hpp"

namespace media {

namespace {

struct UnlockOnExit {
    Lock& lock;
    ~UnlockOnExit() { lock.unlock(); }
};

bool renderThumb(const std::string& assetId, int second)
{
    std::clog << "thumb " << assetId << " @" << second << "s\n";
    return true;
}

} // namespace

bool makeThumbnails(redisContext* ctx, std::shared_ptr<Lock> lk, const std::string& assetId,
                    int waitMs)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
    bool locked = false;
    while (!(locked = lk->tryLock()) && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (!locked) {
        std::clog << "thumbs " << assetId << ": busy, will retry later\n";
        return false;
    }
    UnlockOnExit guard{*lk};

    for (int s : {1, 5, 10}) {
        if (!renderThumb(assetId, s)) return false;
    }
    auto* r = static_cast<redisReply*>(
        redisCommand(ctx, "HSET asset:%s thumbs ready", assetId.c_str()));
    if (!r) return false;
    freeReplyObject(r);
    return true;
}

} // namespace media
