#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "qlock.h"

static const char *ACQ =
    "if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n"
    "  redis.call('PEXPIRE', KEYS[1], ARGV[2])\n"
    "  return 1\n"
    "end\n"
    "return 0\n";

static const char *REL =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then\n"
    "  return redis.call('DEL', KEYS[1])\n"
    "end\n"
    "return 0\n";

int qlock_open(qlock *q, redisContext *redis, const char *scope, long lease_ms)
{
    unsigned char b[16];
    size_t len = strlen(scope) + sizeof("quota:lock:");
    int i;

    q->key = malloc(len);
    if (!q->key)
        return -1;
    snprintf(q->key, len, "quota:lock:%s", scope);
    if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) {
        free(q->key);
        return -1;
    }
    for (i = 0; i < 16; i++)
        sprintf(q->id + 2 * i, "%02x", b[i]);
    q->redis = redis;
    q->lease_ms = lease_ms;
    return 0;
}

void qlock_close(qlock *q)
{
    free(q->key);
    q->key = NULL;
}

long long qlock_acquire(qlock *q)
{
    redisReply *r;
    long long v;

    r = redisCommand(q->redis, "EVAL %s 1 %s %s %ld", ACQ, q->key, q->id, q->lease_ms);
    if (!r)
        return -1;
    v = (r->type == REDIS_REPLY_INTEGER) ? r->integer : -1;
    freeReplyObject(r);
    return v;
}

void qlock_release(qlock *q)
{
    redisReply *r = redisCommand(q->redis, "EVAL %s 1 %s %s", REL, q->key, q->id);
    if (r)
        freeReplyObject(r);
}
