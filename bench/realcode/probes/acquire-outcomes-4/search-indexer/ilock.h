#pragma once

#include <memory>
#include <string>

#include <hiredis/hiredis.h>
#include <zookeeper/zookeeper.h>

namespace search {

class ILock {
public:
    virtual ~ILock() = default;
    virtual bool tryLock() = 0;
    virtual void unlock() = 0;
    virtual const std::string &name() const = 0;
};

std::shared_ptr<ILock> makeRedisLock(redisContext *c, const std::string &name, int ttlMs);
std::shared_ptr<ILock> makeZkLock(zhandle_t *zh, const std::string &name);

}  // namespace search
