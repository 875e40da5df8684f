#ifndef INVENTORY_REDIS_POOL_H
#define INVENTORY_REDIS_POOL_H

#include <cstdarg>
#include <mutex>
#include <string>

#include <hiredis/hiredis.h>

namespace inventory {

// Process-wide Redis access (a single shared connection guarded by a mutex;
// the name is historical).
class RedisPool {
public:
    static RedisPool* Instance();

    bool Init(const std::string& host, int port, int timeoutMs);

    // Runs one command. Returns false on transport errors and error replies.
    // When out is non-null and the call succeeds, *out owns the reply and the
    // caller must freeReplyObject() it.
    bool Exec(redisReply** out, const char* fmt, ...);
    bool VExec(redisReply** out, const char* fmt, va_list ap);

private:
    RedisPool() = default;
    redisReply* Raw(const char* fmt, va_list ap);
    bool ReconnectLocked();

    std::mutex mu_;
    redisContext* ctx_ = nullptr;
    std::string host_;
    int port_ = 6379;
    int timeoutMs_ = 500;
};

// Unique value for lock keys: host, pid and 64 random bits.
std::string MakeLockToken();

}  // namespace inventory

#endif
