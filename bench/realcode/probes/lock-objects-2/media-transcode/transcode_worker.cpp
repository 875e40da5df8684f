#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>

#include <hiredis/hiredis.h>

#include "pipeline.hpp"

namespace media {

using namespace std::chrono_literals;

TranscodeWorker::TranscodeWorker(redisContext* ctx, PipelineConfig cfg)
    : m_ctx(ctx), m_cfg(std::move(cfg)) {}

bool TranscodeWorker::runFfmpeg(const std::string& assetId, const std::string& profile)
{
    const std::string cmd = "ffmpeg -nostdin -loglevel error -i " + m_cfg.scratchDir + "/" +
                            assetId + ".src -preset " + profile + " " + m_cfg.scratchDir +
                            "/" + assetId + "-" + profile + ".mp4";
    return std::system(cmd.c_str()) == 0;
}

void TranscodeWorker::processAsset(const std::string& assetId)
{
    std::shared_ptr<Lock> lk = makeLock(m_ctx, "asset:" + assetId, m_cfg.lockTtlMs);
    while (!lk->tryLock()) {
        std::this_thread::sleep_for(250ms);
    }

    int done = 0;
    for (const auto& profile : m_cfg.profiles) {
        if (!runFfmpeg(assetId, profile)) {
            std::cerr << assetId << ": " << profile << " failed\n";
            continue;
        }
        ++done;
        auto* r = static_cast<redisReply*>(
            redisCommand(m_ctx, "INCR stats:transcodes:%s", profile.c_str()));
        if (r) freeReplyObject(r);
    }
    lk->unlock();

    // Thumbnails share the asset lock object but take it themselves.
    makeThumbnails(m_ctx, lk, assetId, m_cfg.lockWaitMs);
    std::clog << assetId << ": " << done << "/" << m_cfg.profiles.size() << " renditions\n";
}

} // namespace media
