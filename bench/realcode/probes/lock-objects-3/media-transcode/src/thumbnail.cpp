// Thumbnail regeneration and the ops helper for stuck locks.

#include "media_store.h"
#include "redis_mutex.h"

#include <utility>

namespace media {

namespace {

template <typename Fn>
class OnExit {
public:
    explicit OnExit(Fn fn) : m_fn(std::move(fn)) {}
    ~OnExit() { m_fn(); }
    OnExit(const OnExit&) = delete;
    OnExit& operator=(const OnExit&) = delete;

private:
    Fn m_fn;
};

}  // namespace

bool regenerateThumbnails(redisContext* ctx, MediaStore& store, const std::string& assetId) {
    RedisMutex asset(ctx, "asset:" + assetId, std::chrono::seconds(60));
    if (!asset.lock(std::chrono::seconds(3))) return false;
    OnExit release([&asset] { asset.forceUnlock(); });

    bool ok = true;
    for (int second : {1, 5, 10, 30}) {
        ok = store.writeThumbnail(assetId, second) && ok;
    }
    return ok;
}

// Invoked from the ops console after a worker host died mid-job.
void clearStuckAssetLock(redisContext* ctx, const std::string& assetId) {
    RedisMutex asset(ctx, "asset:" + assetId, std::chrono::seconds(1));
    asset.forceUnlock();
}

}  // namespace media
