#pragma once

#include "dist_lock.hpp"

#include <hiredis/hiredis.h>

namespace farm {

class RedisDistLock final : public DistLock {
public:
    RedisDistLock(std::shared_ptr<redisContext> conn, std::string name,
                  std::chrono::milliseconds ttl);
    ~RedisDistLock() override;

    bool tryLock() override;
    bool refresh() override;
    void unlock() override;

    const std::string& name() const override { return name_; }
    std::chrono::milliseconds ttl() const override { return ttl_; }

private:
    std::string makeToken() const;

    std::shared_ptr<redisContext> conn_;
    std::string name_;
    std::string key_;
    std::string token_;
    std::chrono::milliseconds ttl_;
    bool held_ = false;
};

}  // namespace farm
