// Transcode worker: turns an uploaded asset into the renditions its channel
// needs and attaches it to the channel. Lock order everywhere in the media
// service: asset first, then channel.

#include "media_store.h"
#include "redis_mutex.h"

#include <cstdio>

namespace media {

class TranscodeJob {
public:
    TranscodeJob(redisContext* ctx, MediaStore& store) : m_ctx(ctx), m_store(store) {}

    bool run(const std::string& assetId, const std::string& channelId);

private:
    redisContext* m_ctx;
    MediaStore& m_store;
};

bool TranscodeJob::run(const std::string& assetId, const std::string& channelId) {
    RedisMutex asset(m_ctx, "asset:" + assetId, std::chrono::seconds(900));
    MutexGuard assetGuard(asset, std::chrono::seconds(5));
    if (!assetGuard.owns()) {
        std::fprintf(stderr, "transcode: asset %s busy\n", assetId.c_str());
        return false;
    }

    RedisMutex channel(m_ctx, "channel:" + channelId, std::chrono::seconds(900));
    MutexGuard channelGuard(channel, std::chrono::seconds(5));
    if (!channelGuard.owns()) {
        return false;
    }

    for (const Rendition& r : m_store.renditionsFor(channelId)) {
        if (!m_store.transcode(assetId, r)) {
            std::fprintf(stderr, "transcode: %s/%s failed\n", assetId.c_str(), r.name.c_str());
            return false;
        }
    }
    return m_store.attachToChannel(assetId, channelId);
}

}  // namespace media
