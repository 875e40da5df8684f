#include "seat_lock.h"

#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <syslog.h>

static const char UNLOCK_LUA[] =
    "if redis.call('get',KEYS[1])==ARGV[1] then return redis.call('del',KEYS[1]) else return 0 end";
static const char EXTEND_LUA[] =
    "if redis.call('get',KEYS[1])==ARGV[1] then return redis.call('pexpire',KEYS[1],ARGV[2]) else return 0 end";

static void make_token(char *out, size_t len)
{
    unsigned long long a = 0, b = 0;
    if (getrandom(&a, sizeof a, 0) < 0 || getrandom(&b, sizeof b, 0) < 0)
        syslog(LOG_WARNING, "seat lock: getrandom failed");
    snprintf(out, len, "%016llx%016llx", a, b);
}

static int classify(redisReply *r)
{
    if (r == NULL)
        return SEAT_LOCK_ERR;
    if (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0)
        return SEAT_LOCK_HELD;
    if (r->type == REDIS_REPLY_NIL)
        return SEAT_LOCK_BUSY;
    return SEAT_LOCK_ERR;
}

void seat_lock_try(redisContext *c, const char *event, const char *section,
                   char *token_out, size_t token_len, int *status)
{
    make_token(token_out, token_len);
    redisReply *r = redisCommand(c, "SET seat:lock:%s:%s %s NX PX %d", event, section, token_out, SEAT_LOCK_TTL_MS);
    *status = classify(r);
    if (r)
        freeReplyObject(r);
}

void seat_lock_try_vip(redisContext *c, const char *event, const char *section,
                       char *token_out, size_t token_len, int *status)
{
    make_token(token_out, token_len);
    redisReply *r = redisCommand(c, "SET seat:lock:%s:%s %s PX %d", event, section, token_out, SEAT_LOCK_TTL_MS);
    *status = classify(r);
    if (r)
        freeReplyObject(r);
}

void seat_lock_release(redisContext *c, const char *event, const char *section,
                       const char *token)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 seat:lock:%s:%s %s", UNLOCK_LUA, event, section, token);
    if (r == NULL)
        syslog(LOG_WARNING, "seat lock %s/%s: release failed", event, section);
    else
        freeReplyObject(r);
}

int seat_lock_extend(redisContext *c, const char *event, const char *section,
                     const char *token, int ttl_ms)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 seat:lock:%s:%s %s %d", EXTEND_LUA, event, section, token, ttl_ms);
    int ok = r != NULL && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r)
        freeReplyObject(r);
    return ok ? 0 : -1;
}

int seat_lock_run(redisContext *c, const char *event, const char *section,
                  seat_work_fn fn, void *arg)
{
    char token[SEAT_TOKEN_MAX];
    int status;

    seat_lock_try(c, event, section, token, sizeof token, &status);
    if (status == SEAT_LOCK_ERR)
        return -1;
    int rc = fn(arg, status == SEAT_LOCK_HELD);
    if (status == SEAT_LOCK_HELD)
        seat_lock_release(c, event, section, token);
    return rc;
}
