#define _GNU_SOURCE
#include "rollup_lock.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

static int fill_token(char *out, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[RL_TOKEN_LEN / 2];

    if (len < RL_TOKEN_LEN + 1)
        return -1;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, raw, sizeof raw);
    close(fd);
    if (n != (ssize_t)sizeof raw)
        return -1;
    for (size_t i = 0; i < sizeof raw; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 0x0f];
    }
    out[RL_TOKEN_LEN] = '\0';
    return 0;
}

int rl_lock_init(rl_lock *lk, redisContext *ctx, const char *book,
                 const char *period, int ttl_ms)
{
    memset(lk, 0, sizeof *lk);
    lk->ctx = ctx;
    lk->ttl_ms = ttl_ms > 0 ? ttl_ms : 30000;

    int n = snprintf(lk->key, sizeof lk->key, "ledger:rollup:%s:%s", book, period);
    if (n < 0 || (size_t)n >= sizeof lk->key) {
        syslog(LOG_ERR, "rollup lock key too long (book=%s period=%s)", book, period);
        return -1;
    }
    if (fill_token(lk->token, sizeof lk->token) != 0) {
        syslog(LOG_ERR, "rollup lock: cannot read /dev/urandom");
        return -1;
    }
    return 0;
}

rl_status rl_lock_acquire(rl_lock *lk)
{
    redisReply *r = redisCommand(lk->ctx, "SET %s %s NX PX %d", lk->key, lk->token, lk->ttl_ms);
    if (r == NULL) {
        syslog(LOG_WARNING, "rollup lock %s: %s", lk->key,
               lk->ctx->errstr[0] ? lk->ctx->errstr : "no reply");
        return RL_ERROR;
    }

    rl_status st;
    if (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0) {
        st = RL_HELD;
    } else if (r->type == REDIS_REPLY_NIL) {
        st = RL_BUSY;
    } else {
        syslog(LOG_WARNING, "rollup lock %s: unexpected reply type %d (%s)",
               lk->key, r->type, r->type == REDIS_REPLY_ERROR ? r->str : "-");
        st = RL_ERROR;
    }
    freeReplyObject(r);
    return st;
}

/* Called between batches on long rollups so the key does not lapse. */
int rl_lock_extend(rl_lock *lk)
{
    redisReply *r = redisCommand(lk->ctx, "PEXPIRE %s %d", lk->key, lk->ttl_ms);
    if (r == NULL)
        return -1;
    int ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    return ok ? 0 : -1;
}

void rl_lock_release(rl_lock *lk)
{
    redisReply *r = redisCommand(lk->ctx, "DEL %s", lk->key);
    if (r == NULL) {
        syslog(LOG_WARNING, "rollup lock %s: release failed, key lapses in %d ms",
               lk->key, lk->ttl_ms);
        return;
    }
    freeReplyObject(r);
}

const char *rl_status_name(rl_status st)
{
    switch (st) {
    case RL_HELD:  return "held";
    case RL_BUSY:  return "busy";
    case RL_ERROR: return "error";
    }
    return "unknown";
}
