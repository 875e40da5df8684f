#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "lock_registry.hpp"

namespace recon {

struct SettlementLine {
    std::string accountId;
    long long cents;
};

void settleBatch(const std::string& batchId, const std::vector<SettlementLine>& lines) {
    auto& reg = LockRegistry::instance();

    reg.ledgerLock().lockBlocking();
    reg.accountsLock().lockBlocking();

    for (const auto& line : lines) {
        if (line.cents == 0) {
            throw std::invalid_argument("zero-amount settlement line in batch " + batchId);
        }
        auto* r = static_cast<redisReply*>(
            redisCommand(reg.redis(), "HSET settled:%s %s %lld", batchId.c_str(), line.accountId.c_str(), line.cents));
        if (r) freeReplyObject(r);
    }

    reg.accountsLock().unlock();
    reg.ledgerLock().unlock();
}

}  // namespace recon
