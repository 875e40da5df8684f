// Order-time stock reservation. A reservation must read and decrement the
// SKU's available count atomically with respect to other API replicas, so it
// runs under lock:sku:<sku>.

#include "redis_pool.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

namespace inventory {

namespace {

const char* kReleaseLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end "
    "return 0";

void ReleaseSkuLock(const std::string& sku, const std::string& token) {
    std::string key = "lock:sku:" + sku;
    RedisPool::Instance()->Exec(nullptr, "EVAL %s 1 %s %s", kReleaseLua, key.c_str(),
                                token.c_str());
}

long long Available(const std::string& sku) {
    redisReply* r = nullptr;
    if (!RedisPool::Instance()->Exec(&r, "HGET stock:%s available", sku.c_str())) return -1;
    long long n = (r->type == REDIS_REPLY_STRING) ? std::atoll(r->str) : 0;
    freeReplyObject(r);
    return n;
}

}  // namespace

bool ReserveStock(const std::string& sku, int qty, const std::string& orderId) {
    RedisPool* rp = RedisPool::Instance();
    const std::string token = MakeLockToken();

    redisReply* r = nullptr;
    if (!rp->Exec(&r, "SETNX lock:sku:%s %s", sku.c_str(), token.c_str())) return false;
    bool got = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    freeReplyObject(r);
    if (!got) return false;
    rp->Exec(nullptr, "EXPIRE lock:sku:%s 10", sku.c_str());

    bool ok = false;
    if (Available(sku) >= qty) {
        ok = rp->Exec(nullptr, "HINCRBY stock:%s available %d", sku.c_str(), -qty) &&
             rp->Exec(nullptr, "HSET reservation:%s sku %s qty %d", orderId.c_str(),
                      sku.c_str(), qty);
    }

    ReleaseSkuLock(sku, token);
    return ok;
}

bool CancelReservation(const std::string& orderId, const std::string& sku, int qty) {
    RedisPool* rp = RedisPool::Instance();
    const std::string token = MakeLockToken();

    bool got = false;
    for (int attempt = 0; attempt < 5 && !got; ++attempt) {
        redisReply* r = nullptr;
        if (rp->Exec(&r, "SET lock:sku:%s %s NX PX %d", sku.c_str(), token.c_str(), 10000)) {
            got = (r->type == REDIS_REPLY_STATUS);
            freeReplyObject(r);
        }
        if (!got) std::this_thread::sleep_for(std::chrono::milliseconds(20 << attempt));
    }
    if (!got) return false;

    bool ok = rp->Exec(nullptr, "HINCRBY stock:%s available %d", sku.c_str(), qty) &&
              rp->Exec(nullptr, "DEL reservation:%s", orderId.c_str());

    ReleaseSkuLock(sku, token);
    return ok;
}

void CacheAvailability(const std::string& sku) {
    long long n = Available(sku);
    if (n < 0) return;
    RedisPool::Instance()->Exec(nullptr, "SET stock:cache:%s %lld EX 30", sku.c_str(), n);
}

}  // namespace inventory
