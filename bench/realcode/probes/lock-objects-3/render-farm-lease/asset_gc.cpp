// Deletes render outputs nothing references any more, and keeps the
// thumbnail cache warm for the web UI.

#include "dist_lock.hpp"

#include <hiredis/hiredis.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace farm {

struct Asset {
    std::string id;
    std::string path;
    long long bytes = 0;
};

// librenderdb asset catalogue.
class AssetIndex {
public:
    std::vector<Asset> unreferenced();
    bool remove(const Asset& a);
    std::vector<std::string> hotThumbnails(size_t limit);
};

class AssetCollector {
public:
    explicit AssetCollector(AssetIndex& index)
        : index_(index), gcLock_(makeDistLock("asset-gc", std::chrono::minutes(5))) {}

    int collectOrphans(int maxAttempts);
    void warmThumbCache(redisContext* cache);

private:
    AssetIndex& index_;
    DistLockPtr gcLock_;
};

int AssetCollector::collectOrphans(int maxAttempts) {
    bool locked = false;
    for (int attempt = 0; attempt < maxAttempts && !locked; ++attempt) {
        locked = gcLock_->tryLock();
        if (!locked) std::this_thread::sleep_for(std::chrono::milliseconds(500 * (attempt + 1)));
    }
    if (!locked) {
        std::fprintf(stderr, "asset-gc: another collector is running\n");
        return -1;
    }

    std::vector<Asset> orphans = index_.unreferenced();
    if (orphans.empty()) {
        std::printf("asset-gc: nothing to collect\n");
        return 0;
    }

    int removed = 0;
    long long freed = 0;
    for (const Asset& a : orphans) {
        if (index_.remove(a)) {
            ++removed;
            freed += a.bytes;
        }
    }

    gcLock_->unlock();
    std::printf("asset-gc: removed %d assets, %lld bytes\n", removed, freed);
    return removed;
}

void AssetCollector::warmThumbCache(redisContext* cache) {
    for (const std::string& id : index_.hotThumbnails(200)) {
        void* r = redisCommand(cache, "SET farm:thumb:%s %s EX 3600", id.c_str(),
                               ("/thumbs/" + id + ".jpg").c_str());
        if (r != nullptr) freeReplyObject(r);
    }
}

}  // namespace farm
