#pragma once

#include <memory>
#include <string>

struct redisContext;

namespace media {

// Abstract lock so the pipeline can be tested with an in-process fake.
class Lock {
public:
    virtual ~Lock() = default;
    virtual bool tryLock() = 0;
    virtual void unlock() = 0;
    virtual const std::string& name() const = 0;
};

// Returns a Redis-backed lock on "lock:media:<resource>".
std::unique_ptr<Lock> makeLock(redisContext* ctx, const std::string& resource, int ttlMs);

} // namespace media
