// Lease-style mutex on a single Redis key, shared by every inventory-sync replica.
#pragma once

#include <hiredis/hiredis.h>
#include <string>

namespace inv {

enum class LockStatus {
    Held,    // SET NX answered +OK, our token is stored
    Busy,    // key already present, someone else has it
    Failed   // transport problem or an error reply
};

const char *toString(LockStatus s);

class RedisLock {
public:
    RedisLock(redisContext *ctx, std::string key, int ttlMs);

    LockStatus tryAcquire();
    bool release();

    // Writes field=value into hash `hashKey` only if the lock key still
    // carries our token; evaluated atomically on the server.
    bool guardedHset(const std::string &hashKey, const std::string &field,
                     const std::string &value);

    const std::string &key() const { return key_; }
    const std::string &token() const { return token_; }

private:
    redisContext *ctx_;
    std::string key_;
    std::string token_;
    int ttlMs_;
};

} // namespace inv
