#include "label_lock.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static const char *release_script =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";

static const char *store_script =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('HSET', KEYS[2], ARGV[2], ARGV[3]) else return -1 end";

void make_token(char *buf, size_t n)
{
    unsigned long long a = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
    unsigned long long b = (unsigned long long)clock();
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&a, sizeof a, 1, f) == 1 && fread(&b, sizeof b, 1, f) != 1)
            b ^= a;
        fclose(f);
    }
    snprintf(buf, n, "%016llx%016llx", a, b);
}

int label_lock_try(redisContext *c, const char *key, const char *token, int ttl_ms)
{
    int held = -1;
    redisReply *r = redisCommand(c, "SET %s %s NX PX %d", key, token, ttl_ms);
    if (r && r->type == REDIS_REPLY_STATUS)
        held = 1;
    else if (r && r->type == REDIS_REPLY_NIL)
        held = 0;
    if (r)
        freeReplyObject(r);
    return held;
}

void label_lock_release(redisContext *c, const char *key, const char *token)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 %s %s", release_script, key, token);
    if (r)
        freeReplyObject(r);
}

int label_store_held(redisContext *c, const char *key, const char *token,
                     const char *hash, const char *shipment, const char *url)
{
    redisReply *r = redisCommand(c, "EVAL %s 2 %s %s %s %s %s", store_script, key, hash,
                                 token, shipment, url);
    int stored = r && r->type == REDIS_REPLY_INTEGER && r->integer >= 0;
    if (r)
        freeReplyObject(r);
    return stored;
}
