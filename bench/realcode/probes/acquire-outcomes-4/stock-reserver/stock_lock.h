#pragma once

#include <optional>
#include <string>

#include <hiredis/hiredis.h>

namespace inventory {

class SkuLock {
public:
    SkuLock(redisContext *c, const std::string &sku, int ttlMs = 5000);

    // Token identifying this holder, or nullopt if the SKU is locked or
    // redis returned an error.
    std::optional<std::string> tryAcquire();
    bool release(const std::string &token);

    // Audits hold the SKU for longer and are released by the audit job.
    bool acquireForAudit();
    void releaseAudit();

private:
    redisContext *c_;
    std::string key_;
    int ttlMs_;
};

}  // namespace inventory
