#include "lease.hpp"

#include <array>
#include <cstring>
#include <memory>
#include <random>

namespace dispatch {
namespace {

using ReplyPtr = std::unique_ptr<redisReply, decltype(&freeReplyObject)>;

ReplyPtr wrap(void* p) { return ReplyPtr(static_cast<redisReply*>(p), &freeReplyObject); }

std::string randomValue() {
    static constexpr char kAlphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    thread_local std::mt19937 gen{std::random_device{}()};
    std::uniform_int_distribution<size_t> pick(0, sizeof(kAlphabet) - 2);
    std::string v(24, '0');
    for (char& ch : v) ch = kAlphabet[pick(gen)];
    return v;
}

enum class Outcome { Won, Taken, Failed };

Outcome attempt(redisContext* rc, const std::string& key, const std::string& value,
                std::chrono::milliseconds ttl) {
    auto r = wrap(redisCommand(rc, "SET %s %s NX PX %lld", key.c_str(), value.c_str(),
                               static_cast<long long>(ttl.count())));
    if (!r) return Outcome::Failed;
    if (r->type == REDIS_REPLY_NIL) return Outcome::Taken;
    if (r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0) return Outcome::Won;
    return Outcome::Failed;
}

}  // namespace

std::optional<LeaseToken> tryLease(redisContext* rc, std::string_view resource,
                                   std::chrono::milliseconds ttl) {
    LeaseToken t{"dispatch:lease:" + std::string(resource), randomValue()};
    if (attempt(rc, t.key, t.value, ttl) == Outcome::Won) return t;
    return std::nullopt;
}

LeaseToken leaseOrThrow(redisContext* rc, std::string_view resource,
                        std::chrono::milliseconds ttl) {
    LeaseToken t{"dispatch:lease:" + std::string(resource), randomValue()};
    switch (attempt(rc, t.key, t.value, ttl)) {
        case Outcome::Won:    return t;
        case Outcome::Taken:  throw LeaseBusy(t.key);
        case Outcome::Failed: break;
    }
    throw LeaseError("redis error while leasing " + t.key);
}

void dropLease(redisContext* rc, const LeaseToken& t) {
    static const char* script =
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
    auto r = wrap(redisCommand(rc, "EVAL %s 1 %s %s", script, t.key.c_str(), t.value.c_str()));
    (void)r;
}

}  // namespace dispatch
