#pragma once

#include <memory>
#include <string>
#include <vector>

#include <hiredis/hiredis.h>

#include "feed_lock.hpp"

namespace feeds {

// ranking/storage back end (separate library)
void rebuildAllFeeds(redisContext* ctx);
void recomputeTrending(redisContext* ctx);
void compactIndexSegments(redisContext* ctx);

class FeedService {
public:
    explicit FeedService(redisContext* ctx);

    FeedLock& indexLock() { return *index_; }
    FeedLock& trendingLock() { return *trending_; }
    LegacyFeedLock& rebuildLock() { return *rebuild_; }
    redisContext* redis() { return ctx_; }

    bool fullRebuild();
    bool refreshTrending();

private:
    redisContext* ctx_;
    std::unique_ptr<FeedLock> index_;
    std::unique_ptr<FeedLock> trending_;
    std::unique_ptr<LegacyFeedLock> rebuild_;
};

bool compactIndex(FeedService& svc);

}  // namespace feeds
