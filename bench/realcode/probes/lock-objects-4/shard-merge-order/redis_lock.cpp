#include "redis_lock.hpp"

#include <cstring>
#include <random>
#include <sstream>
#include <thread>
#include <utility>

namespace shards {

RedisLock::RedisLock(redisContext* c, std::string key, std::chrono::milliseconds ttl)
    : c_(c), key_(std::move(key)), ttl_(ttl) {
    std::random_device rd;
    std::ostringstream os;
    os << std::hex << rd() << rd() << rd() << rd();
    token_ = os.str();
}

bool RedisLock::try_once() {
    auto* r = static_cast<redisReply*>(redisCommand(c_, "SET %s %s NX PX %lld", key_.c_str(),
                                                    token_.c_str(),
                                                    static_cast<long long>(ttl_.count())));
    bool ok = r && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
    if (r) freeReplyObject(r);
    return ok;
}

bool RedisLock::lock(std::chrono::milliseconds wait) {
    auto deadline = std::chrono::steady_clock::now() + wait;
    while (!try_once()) {
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    locked_ = true;
    return true;
}

void RedisLock::unlock() {
    if (!locked_) return;
    locked_ = false;

    auto* r = static_cast<redisReply*>(redisCommand(c_, "GET %s", key_.c_str()));
    bool mine = r && r->type == REDIS_REPLY_STRING && token_ == r->str;
    if (r) freeReplyObject(r);
    if (!mine) return;

    r = static_cast<redisReply*>(redisCommand(c_, "DEL %s", key_.c_str()));
    if (r) freeReplyObject(r);
}

}  // namespace shards
