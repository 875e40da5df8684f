#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lock_factory.hpp"

namespace media {

struct PipelineConfig {
    std::string scratchDir = "/srv/media/scratch";
    int lockTtlMs = 60000;
    int lockWaitMs = 3000;
    std::vector<std::string> profiles{"1080p", "720p", "480p"};
};

class TranscodeWorker {
public:
    TranscodeWorker(redisContext* ctx, PipelineConfig cfg);
    void processAsset(const std::string& assetId);

private:
    bool runFfmpeg(const std::string& assetId, const std::string& profile);

    redisContext* m_ctx;
    PipelineConfig m_cfg;
};

bool makeThumbnails(redisContext* ctx, std::shared_ptr<Lock> lk, const std::string& assetId,
                    int waitMs);

} // namespace media
