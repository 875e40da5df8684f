#include <chrono>
#include <iostream>

#include "feed_service.hpp"

namespace feeds {

using namespace std::chrono_literals;

// Both index and trending must be frozen while segments are rewritten.
// Lock order everywhere: index, then trending.
bool compactIndex(FeedService& svc) {
    FeedLock& index = svc.indexLock();
    FeedLock& trending = svc.trendingLock();

    if (!index.tryAcquireFor(5s)) return false;
    if (!trending.tryAcquireFor(5s)) {
        index.release();
        return false;
    }

    int rounds = 0;
    bool ok = true;
    while (rounds++ < 4) {
        compactIndexSegments(svc.redis());
        if (!index.refresh() || !trending.refresh()) {
            std::cerr << "compaction: lost a lock, stopping after round " << rounds << "\n";
            ok = false;
            break;
        }
    }

    trending.release();
    index.release();
    return ok;
}

}  // namespace feeds
