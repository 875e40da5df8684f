// Audit trail and counters for inventory operations.

#include "redis_pool.h"

#include <cstdio>
#include <ctime>
#include <string>

namespace inventory {

void RecordAudit(const std::string& actor, const std::string& action, const std::string& sku) {
    RedisPool* rp = RedisPool::Instance();
    const long long now = static_cast<long long>(std::time(nullptr));

    rp->Exec(nullptr, "XADD audit:inventory * actor %s action %s sku %s", actor.c_str(),
             action.c_str(), sku.c_str());
    rp->Exec(nullptr, "INCRBY audit:count:%s 1", action.c_str());
    rp->Exec(nullptr, "SET audit:last:%s %lld EX 86400", actor.c_str(), now);
}

long long AuditCount(const std::string& action) {
    redisReply* r = nullptr;
    if (!RedisPool::Instance()->Exec(&r, "GET audit:count:%s", action.c_str())) return -1;
    long long n = (r->type == REDIS_REPLY_STRING) ? std::stoll(r->str) : 0;
    freeReplyObject(r);
    return n;
}

void ResetAuditCounters(const char* const* actions, int n) {
    for (int i = 0; i < n; ++i) {
        RedisPool::Instance()->Exec(nullptr, "DEL audit:count:%s", actions[i]);
    }
}

}  // namespace inventory
