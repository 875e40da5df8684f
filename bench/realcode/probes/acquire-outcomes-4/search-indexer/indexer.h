#pragma once

#include <string>

#include <hiredis/hiredis.h>
#include <zookeeper/zookeeper.h>

namespace search {

class IndexService {
public:
    void rebuildShard(int shard);
    void mergeSegments(int shard);
    void swapAlias(const std::string &alias);
};

class Indexer {
public:
    Indexer(redisContext *redis, zhandle_t *zk, IndexService &index)
        : redis_(redis), zk_(zk), index_(index) {}

    void reindexShard(int shard);
    bool mergeShard(int shard);
    bool publishAlias(const std::string &alias);

private:
    redisContext *redis_;
    zhandle_t *zk_;
    IndexService &index_;
};

}  // namespace search
