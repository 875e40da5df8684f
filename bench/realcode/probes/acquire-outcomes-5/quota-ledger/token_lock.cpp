#include "token_lock.h"

#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace quota
{
namespace
{

std::string randomHex(std::size_t bytes)
{
    unsigned char raw[32] = {0};
    if (bytes > sizeof raw) bytes = sizeof raw;
    int fd = ::open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        ssize_t n = ::read(fd, raw, bytes);
        (void)n;
        ::close(fd);
    }
    static const char digits[] = "0123456789abcdef";
    std::string s;
    s.reserve(bytes * 2);
    for (std::size_t i = 0; i < bytes; ++i) {
        s.push_back(digits[raw[i] >> 4]);
        s.push_back(digits[raw[i] & 0xf]);
    }
    return s;
}

struct ReplyPtr
{
    redisReply* r;
    explicit ReplyPtr(void* p) : r(static_cast<redisReply*>(p)) {}
    ~ReplyPtr() { if (r) freeReplyObject(r); }
    ReplyPtr(const ReplyPtr&) = delete;
    ReplyPtr& operator=(const ReplyPtr&) = delete;
};

}  // namespace

std::string acquireToken(redisContext* c, const std::string& lockKey,
                         std::chrono::milliseconds ttl)
{
    std::string token = randomHex(16);
    ReplyPtr rep(redisCommand(c, "SET %s %s NX PX %lld", lockKey.c_str(), token.c_str(),
                              static_cast<long long>(ttl.count())));
    if (rep.r && rep.r->type == REDIS_REPLY_STATUS && std::strcmp(rep.r->str, "OK") == 0)
        return token;
    return std::string();
}

bool releaseToken(redisContext* c, const std::string& lockKey, const std::string& token)
{
    static const char* script =
        "if redis.call('get',KEYS[1]) == ARGV[1] then return redis.call('del',KEYS[1]) end return 0";
    ReplyPtr rep(redisCommand(c, "EVAL %s 1 %s %s", script, lockKey.c_str(), token.c_str()));
    return rep.r && rep.r->type == REDIS_REPLY_INTEGER && rep.r->integer == 1;
}

bool fencedIncrBy(redisContext* c, const std::string& lockKey, const std::string& token,
                  const std::string& dataKey, long long delta)
{
    static const char* script =
        "if redis.call('get',KEYS[1]) ~= ARGV[1] then return redis.error_reply('LEASE_LOST') end "
        "return redis.call('incrby',KEYS[2],ARGV[2])";
    ReplyPtr rep(redisCommand(c, "EVAL %s 2 %s %s %s %lld", script, lockKey.c_str(),
                              dataKey.c_str(), token.c_str(), delta));
    return rep.r && rep.r->type == REDIS_REPLY_INTEGER;
}

}  // namespace quota
