#include "dist_mutex.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>

#include <hiredis/hiredis.h>

namespace catalog {

namespace {

class RedisMutex : public IDistMutex {
public:
    RedisMutex(redisContext* ctx, const std::string& name)
        : ctx_(ctx), key_("mutex:" + name)
    {
        char host[128] = {0};
        gethostname(host, sizeof(host) - 1);
        owner_ = std::string(host) + ":" + std::to_string(getpid());
    }

    bool lock() override
    {
        const char* argv[] = {"SET", key_.c_str(), owner_.c_str(), "NX"};
        size_t lens[] = {3, key_.size(), owner_.size(), 2};
        redisReply* r = static_cast<redisReply*>(redisCommandArgv(ctx_, 4, argv, lens));
        if (!r)
            return false;
        bool ok = r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;
        freeReplyObject(r);
        return ok;
    }

    void unlock() override
    {
        const char* argv[] = {"DEL", key_.c_str()};
        size_t lens[] = {3, key_.size()};
        redisReply* r = static_cast<redisReply*>(redisCommandArgv(ctx_, 2, argv, lens));
        if (r)
            freeReplyObject(r);
    }

private:
    redisContext* ctx_;
    std::string key_;
    std::string owner_;
};

} // namespace

LockFactory& LockFactory::Instance()
{
    static LockFactory factory;
    return factory;
}

std::shared_ptr<IDistMutex> LockFactory::Create(const std::string& name)
{
    return std::make_shared<RedisMutex>(ctx_, name);
}

} // namespace catalog
