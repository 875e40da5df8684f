#include "badge_lock.h"

#include <stddef.h>

static const char *kSetScript =
    "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
    "return 1 else return 0 end";

static const char *kDelScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

redisReply *badge_lock_set(redisContext *c, const char *key,
                           const char *owner, int ttl_ms)
{
    return redisCommand(c, "SET %s %s NX PX %d", key, owner, ttl_ms);
}

redisReply *badge_lock_script(redisContext *c, const char *key,
                              const char *owner, int ttl_ms)
{
    return redisCommand(c, "EVAL %s 1 %s %s %d", kSetScript, key, owner,
                        ttl_ms);
}

int badge_unlock(redisContext *c, const char *key, const char *owner)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 %s %s", kDelScript, key, owner);
    int deleted = 0;

    if (r != NULL) {
        deleted = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
        freeReplyObject(r);
    }
    return deleted;
}

static const char *kExtendScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

int badge_lock_extend(redisContext *c, const char *key, const char *owner,
                      int ttl_ms)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 %s %s %d", kExtendScript, key,
                                 owner, ttl_ms);
    int extended = 0;

    if (r != NULL) {
        extended = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
        freeReplyObject(r);
    }
    return extended;
}
