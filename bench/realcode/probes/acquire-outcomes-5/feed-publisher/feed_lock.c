#include "feed_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static const char UNLOCK_LUA[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then\n"
    "  return redis.call('del', KEYS[1])\n"
    "else\n"
    "  return 0\n"
    "end\n";

void feed_token(char *out, size_t outlen)
{
    unsigned char raw[16];
    size_t i;
    FILE *f = fopen("/dev/urandom", "rb");

    if (f == NULL || fread(raw, 1, sizeof raw, f) != sizeof raw) {
        /* last resort: pid + clock; still unique per process */
        unsigned long long seed = ((unsigned long long)getpid() << 32) ^ (unsigned long long)time(NULL);
        for (i = 0; i < sizeof raw; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            raw[i] = (unsigned char)(seed >> 56);
        }
    }
    if (f)
        fclose(f);
    for (i = 0; i < sizeof raw && 2 * i + 2 < outlen; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
}

redisReply *feed_lock_cmd(redisContext *c, const char *key, const char *token, int ttl_ms)
{
    return (redisReply *)redisCommand(c, "SET %s %s NX PX %d", key, token, ttl_ms);
}

int feed_unlock(redisContext *c, const char *key, const char *token)
{
    redisReply *r = (redisReply *)redisCommand(c, "EVAL %s 1 %s %s", UNLOCK_LUA, key, token);
    int released = r != NULL && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r)
        freeReplyObject(r);
    return released;
}
