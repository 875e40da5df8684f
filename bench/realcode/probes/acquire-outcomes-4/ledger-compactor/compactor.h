#pragma once

#include <hiredis/hiredis.h>

#include "segment_store.h"

class Compactor {
public:
    Compactor(redisContext *redis, SegmentStore &store) : redis_(redis), store_(store) {}

    int compactPartition(int partition);
    int purgeTombstones(int partition);
    void rebuildIndex(int partition);

private:
    redisContext *redis_;
    SegmentStore &store_;
};
