#include "indexer.h"

#include <chrono>
#include <memory>
#include <thread>

#include "ilock.h"

namespace search {

static std::string shardLockName(int shard) {
    return "shard-" + std::to_string(shard);
}

void Indexer::reindexShard(int shard) {
    std::shared_ptr<ILock> lock = makeRedisLock(redis_, shardLockName(shard), 120000);
    while (!lock->tryLock())
        std::this_thread::sleep_for(std::chrono::seconds(1));

    index_.rebuildShard(shard);
    lock->unlock();
}

bool Indexer::mergeShard(int shard) {
    auto lock = makeRedisLock(redis_, shardLockName(shard), 60000);
    bool held = false;
    for (int attempt = 0; attempt < 5 && !held; ++attempt) {
        held = lock->tryLock();
        if (!held)
            std::this_thread::sleep_for(std::chrono::milliseconds(200 * (attempt + 1)));
    }
    if (!held)
        return false;

    index_.mergeSegments(shard);
    lock->unlock();
    return true;
}

bool Indexer::publishAlias(const std::string &alias) {
    std::shared_ptr<ILock> lock = makeZkLock(zk_, "alias-" + alias);
    if (!lock->tryLock())
        return false;
    index_.swapAlias(alias);
    lock->unlock();
    return true;
}

}  // namespace search
