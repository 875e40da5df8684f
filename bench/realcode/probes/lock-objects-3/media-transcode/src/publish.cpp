// Publishes a channel: makes every attached asset's renditions public and
// rewrites the channel manifest.

#include "media_store.h"
#include "redis_mutex.h"

#include <cstdio>
#include <string>

namespace media {

int publishChannel(redisContext* ctx, MediaStore& store, const std::string& channelId) {
    RedisMutex channel(ctx, "channel:" + channelId, std::chrono::seconds(120));
    MutexGuard channelGuard(channel, std::chrono::seconds(5));
    if (!channelGuard.owns()) return -1;

    int published = 0;
    for (const std::string& assetId : store.assetsOf(channelId)) {
        RedisMutex asset(ctx, "asset:" + assetId, std::chrono::seconds(120));
        MutexGuard assetGuard(asset, std::chrono::seconds(2));
        if (!assetGuard.owns()) {
            std::fprintf(stderr, "publish: skipping busy asset %s\n", assetId.c_str());
            continue;
        }
        if (store.publishRendition(channelId, assetId)) ++published;
    }

    store.bumpManifest(channelId);
    return published;
}

}  // namespace media
