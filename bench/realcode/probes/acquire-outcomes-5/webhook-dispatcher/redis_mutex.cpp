#include "redis_mutex.hpp"

#include <cstdio>
#include <cstring>
#include <random>

namespace hook {

static std::string newToken() {
    thread_local std::mt19937_64 rng{std::random_device{}() ^ 0x9e3779b97f4a7c15ULL};
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx",
                  (unsigned long long)rng(), (unsigned long long)rng());
    return std::string(buf);
}

std::pair<bool, std::string> rmTrySet(redisContext *c, const std::string &key, long ttlMs) {
    std::string token = newToken();
    redisReply *r = (redisReply *)redisCommand(c, "SET %s %s NX PX %ld", key.c_str(), token.c_str(), ttlMs);
    if (r == nullptr) {
        return {false, c->errstr[0] ? std::string(c->errstr) : std::string("no reply")};
    }
    std::pair<bool, std::string> out{false, "unexpected reply"};
    if (r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0) {
        out = {true, token};
    } else if (r->type == REDIS_REPLY_NIL) {
        out = {false, "busy"};
    } else if (r->type == REDIS_REPLY_ERROR) {
        out = {false, std::string(r->str, r->len)};
    }
    freeReplyObject(r);
    return out;
}

bool rmDropIfOwner(redisContext *c, const std::string &key, const std::string &token) {
    static const char lua[] =
        "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
    redisReply *r = (redisReply *)redisCommand(c, "EVAL %s 1 %s %s", lua, key.c_str(), token.c_str());
    const bool dropped = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r) freeReplyObject(r);
    return dropped;
}

}  // namespace hook
