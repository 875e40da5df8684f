#include "dist_lock.hpp"
#include "redis_dist_lock.hpp"

#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <sys/time.h>

namespace farm {

namespace {

// One connection per process is plenty for lock traffic; the mutex only
// protects the cached weak_ptr inside this process.
std::shared_ptr<redisContext> lockConnection() {
    static std::mutex cacheMu;
    static std::weak_ptr<redisContext> cached;

    std::lock_guard<std::mutex> guard(cacheMu);
    if (auto live = cached.lock()) {
        if (live->err == 0) return live;
    }

    const char* host = std::getenv("FARM_REDIS_HOST");
    const char* port = std::getenv("FARM_REDIS_PORT");
    struct timeval tv;
    tv.tv_sec = 1;
    tv.tv_usec = 500000;

    redisContext* raw = redisConnectWithTimeout(host ? host : "127.0.0.1",
                                                port ? std::atoi(port) : 6379, tv);
    if (raw == nullptr || raw->err != 0) {
        std::string why = raw ? raw->errstr : "out of memory";
        if (raw) redisFree(raw);
        throw std::runtime_error("farm: redis connect: " + why);
    }
    redisSetTimeout(raw, tv);

    std::shared_ptr<redisContext> conn(raw, [](redisContext* c) { redisFree(c); });
    cached = conn;
    return conn;
}

}  // namespace

DistLockPtr makeDistLock(const std::string& name, std::chrono::milliseconds ttl) {
    if (name.empty()) throw std::invalid_argument("farm: lock name must not be empty");
    if (ttl.count() <= 0) ttl = std::chrono::seconds(30);
    return std::make_shared<RedisDistLock>(lockConnection(), name, ttl);
}

}  // namespace farm
