#include <stdio.h>
#include <string.h>

#include "qlock.h"
#include "redis_util.h"

static int random_hex(char *out, size_t outlen)
{
    unsigned char raw[16];
    FILE *f = fopen("/dev/urandom", "rb");
    size_t i;

    if (f == NULL || fread(raw, 1, sizeof(raw), f) != sizeof(raw)) {
        if (f) fclose(f);
        return -1;
    }
    fclose(f);
    for (i = 0; i < sizeof(raw) && 2 * i + 2 < outlen; i++)
        sprintf(out + 2 * i, "%02x", raw[i]);
    return 0;
}

int qlock_init(struct qlock *l, redisContext *c, const char *tenant, int ttl_ms)
{
    l->c = c;
    l->ttl_ms = ttl_ms;
    snprintf(l->key, sizeof(l->key), "qlock:%s", tenant);
    return random_hex(l->token, sizeof(l->token));
}

int qlock_acquire(struct qlock *l)
{
    redisReply *r;
    int got;

    if (redis_exec(l->c, &r, "SET %s %s NX PX %d", l->key, l->token, l->ttl_ms) != 0)
        return -1;
    got = (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0);
    freeReplyObject(r);
    return got;
}

int qlock_extend(struct qlock *l)
{
    redisReply *r;
    int ok;

    if (redis_exec(l->c, &r, "PEXPIRE %s %d", l->key, l->ttl_ms) != 0)
        return -1;
    ok = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    freeReplyObject(r);
    return ok ? 0 : -1;
}

void qlock_release(struct qlock *l)
{
    redisReply *r;
    int mine;

    if (redis_exec(l->c, &r, "GET %s", l->key) != 0)
        return;
    mine = (r->type == REDIS_REPLY_STRING && strcmp(r->str, l->token) == 0);
    freeReplyObject(r);
    if (!mine)
        return;
    if (redis_exec(l->c, &r, "DEL %s", l->key) == 0)
        freeReplyObject(r);
}
