#include "warm_lock.h"

#include <iostream>
#include <random>
#include <sstream>

namespace warmer {
namespace {

const char *const kUnlockScript =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

}  // namespace

WarmLock::WarmLock(sw::redis::Redis &redis, WarmLockOptions opts)
    : redis_(redis), opts_(std::move(opts)) {}

std::string WarmLock::newToken() {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    std::ostringstream os;
    os << std::hex << rng() << rng();
    return os.str();
}

bool WarmLock::tryLock(const std::string &name) {
    const std::string token = newToken();
    bool ok = false;
    try {
        ok = redis_.set(opts_.prefix + name, token, opts_.ttl, sw::redis::UpdateType::NOT_EXIST);
    } catch (const sw::redis::Error &e) {
        std::cerr << "warm lock " << name << ": " << e.what() << '\n';
        return false;
    }
    if (ok) {
        std::lock_guard<std::mutex> g(tokensMu_);
        tokens_[name] = token;
    }
    return ok;
}

bool WarmLock::refresh(const std::string &name) {
    return redis_.pexpire(opts_.prefix + name, opts_.ttl);
}

void WarmLock::unlock(const std::string &name) {
    std::string token;
    {
        std::lock_guard<std::mutex> g(tokensMu_);
        auto it = tokens_.find(name);
        if (it == tokens_.end()) return;
        token = it->second;
        tokens_.erase(it);
    }
    try {
        redis_.eval<long long>(kUnlockScript, {opts_.prefix + name}, {token});
    } catch (const sw::redis::Error &e) {
        std::cerr << "warm unlock " << name << ": " << e.what() << '\n';
    }
}

bool WarmLock::tryLockShard(int shard) {
    const std::string key = opts_.prefix + "shard:" + std::to_string(shard);
    try {
        return redis_.set(key, "1", opts_.shardTtl, sw::redis::UpdateType::NOT_EXIST);
    } catch (const sw::redis::Error &e) {
        std::cerr << "shard lock " << shard << ": " << e.what() << '\n';
        return false;
    }
}

void WarmLock::unlockShard(int shard) {
    const std::string key = opts_.prefix + "shard:" + std::to_string(shard);
    try {
        redis_.eval<long long>(kUnlockScript, {key}, {"1"});
    } catch (const sw::redis::Error &e) {
        std::cerr << "shard unlock " << shard << ": " << e.what() << '\n';
    }
}

}  // namespace warmer
