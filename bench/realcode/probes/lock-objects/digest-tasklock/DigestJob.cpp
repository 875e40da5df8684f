#include <cstdio>
#include <string>
#include <vector>

#include "TaskLock.h"

std::vector<std::string> LoadDigestRecipients(redisContext* ctx);
std::string RenderDigest(const std::string& userId);
bool SendMail(const std::string& userId, const std::string& html);
void DigestCacheStore(redisContext* ctx, const std::string& userId, const std::string& html);

void RunDailyDigest(redisContext* ctx)
{
    TaskLock lock(ctx);
    lock.init("daily-digest");
    while (!lock.tryLockFor(500)) {
        fprintf(stderr, "daily-digest: waiting for lock %s\n", lock.key().c_str());
    }

    std::vector<std::string> users = LoadDigestRecipients(ctx);
    size_t sent = 0;
    for (const auto& u : users) {
        std::string html = RenderDigest(u);
        DigestCacheStore(ctx, u, html);
        if (SendMail(u, html)) ++sent;
        if (sent % 500 == 0) {
            redisReply* r = (redisReply*)redisCommand(ctx, "EXPIRE %s %d", lock.key().c_str(),
                                                      TaskLock::kDefaultTtlSec);
            if (r) freeReplyObject(r);
        }
    }
    lock.unlock();
}

int RunWeeklyDigest(redisContext* ctx)
{
    TaskLock lock(ctx);
    lock.init("weekly-digest");
    if (!lock.tryLockFor(3000))
        return 1;
    for (const auto& u : LoadDigestRecipients(ctx))
        SendMail(u, RenderDigest(u));
    lock.unlock();
    return 0;
}
