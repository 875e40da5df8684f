#include "compactor.h"

#include <cstdio>
#include <string>

#include "fence_lock.h"

int Compactor::compactPartition(int partition) {
    FencedLock lock(redis_, "ledger:partition:" + std::to_string(partition), 30000);
    long long fence = lock.acquire();
    if (fence <= 0)
        return fence == 0 ? 0 : -1;

    auto segs = store_.segments(partition);
    int merged = 0;
    for (size_t i = 1; i < segs.size(); ++i) {
        if (store_.mergeInto(segs[0], segs[i], fence))
            ++merged;
    }
    lock.release();
    return merged;
}

int Compactor::purgeTombstones(int partition) {
    FencedLock lock(redis_, "ledger:partition:" + std::to_string(partition), 30000);
    long long fence = lock.acquire();
    if (fence == 0) {
        std::fprintf(stderr, "partition %d busy, skipping purge\n", partition);
        return 0;
    }
    int purged = store_.dropTombstones(partition, fence);
    lock.release();
    return purged;
}

void Compactor::rebuildIndex(int partition) {
    FencedLock lock(redis_, "ledger:index:" + std::to_string(partition), 60000);
    if (lock.acquire() > 0) {
        auto entries = store_.scanEntries(partition);
        store_.replaceIndex(partition, entries);
        lock.release();
    }
}
