#include "feed_service.hpp"

#include <chrono>
#include <iostream>

namespace feeds {

using namespace std::chrono_literals;

FeedService::FeedService(redisContext* ctx)
    : ctx_(ctx),
      index_(std::make_unique<FeedLock>(ctx, "feeds:lock:index", 20000)),
      trending_(std::make_unique<FeedLock>(ctx, "feeds:lock:trending", 20000)),
      rebuild_(std::make_unique<LegacyFeedLock>(ctx, "feeds:lock:rebuild", 60)) {}

bool FeedService::fullRebuild() {
    if (!rebuildLock().tryAcquire()) {
        std::clog << "full rebuild already running\n";
        return false;
    }
    rebuildLock().startWatchdog();
    rebuildAllFeeds(ctx_);
    rebuildLock().stopWatchdog();
    rebuildLock().release();
    return true;
}

bool FeedService::refreshTrending() {
    if (!indexLock().tryAcquireFor(2s)) return false;
    if (!trendingLock().tryAcquireFor(2s)) {
        indexLock().release();
        return false;
    }
    recomputeTrending(ctx_);
    trendingLock().release();
    indexLock().release();
    return true;
}

}  // namespace feeds
