#include "lock_registry.hpp"

#include <chrono>
#include <cstdlib>
#include <stdexcept>

namespace recon {

using namespace std::chrono_literals;

LockRegistry& LockRegistry::instance() {
    static LockRegistry reg;
    return reg;
}

LockRegistry::LockRegistry() {
    const char* host = std::getenv("RECON_REDIS_HOST");
    ctx_ = redisConnect(host ? host : "127.0.0.1", 6379);
    if (ctx_ == nullptr || ctx_->err) throw std::runtime_error("redis connect failed");
    accounts_ = std::make_unique<RedisLock>(ctx_, "accounts", 15000ms);
    ledger_ = std::make_unique<RedisLock>(ctx_, "ledger", 15000ms);
}

LockRegistry::~LockRegistry() {
    accounts_.reset();
    ledger_.reset();
    if (ctx_) redisFree(ctx_);
}

}  // namespace recon
