// Applies warehouse restock manifests. Several importer pods consume the same
// manifest feed; lock:restock:<warehouse> keeps a manifest from being applied
// twice in parallel.

#include "redis_pool.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace inventory {

struct RestockLine {
    std::string sku;
    int qty;
};

namespace {

void ReleaseRestockLock(const std::string& warehouse, const std::string& token) {
    RedisPool* rp = RedisPool::Instance();
    redisReply* r = nullptr;
    if (!rp->Exec(&r, "GET lock:restock:%s", warehouse.c_str())) return;
    bool mine = (r->type == REDIS_REPLY_STRING && token == r->str);
    freeReplyObject(r);
    if (mine) {
        rp->Exec(nullptr, "DEL lock:restock:%s", warehouse.c_str());
    }
}

bool AlreadyApplied(const std::string& manifestId) {
    redisReply* r = nullptr;
    if (!RedisPool::Instance()->Exec(&r, "SISMEMBER restock:applied %s", manifestId.c_str()))
        return false;
    bool seen = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    freeReplyObject(r);
    return seen;
}

}  // namespace

int ApplyRestock(const std::string& warehouse, const std::string& manifestId,
                 const std::vector<RestockLine>& lines) {
    RedisPool* rp = RedisPool::Instance();
    const std::string token = MakeLockToken();

    redisReply* r = nullptr;
    if (!rp->Exec(&r, "SET lock:restock:%s %s NX", warehouse.c_str(), token.c_str())) return -1;
    bool got = (r->type == REDIS_REPLY_STATUS);
    freeReplyObject(r);
    if (!got) return 0;

    int applied = 0;
    if (!AlreadyApplied(manifestId)) {
        for (const RestockLine& l : lines) {
            if (rp->Exec(nullptr, "HINCRBY stock:%s available %d", l.sku.c_str(), l.qty))
                ++applied;
        }
        rp->Exec(nullptr, "SADD restock:applied %s", manifestId.c_str());
    }

    ReleaseRestockLock(warehouse, token);
    return applied;
}

// Drops the cached snapshot so the next read rebuilds it from stock:*.
void InvalidateSnapshot(const std::string& warehouse) {
    RedisPool::Instance()->Exec(nullptr, "DEL stock:snapshot:%s", warehouse.c_str());
}

}  // namespace inventory
