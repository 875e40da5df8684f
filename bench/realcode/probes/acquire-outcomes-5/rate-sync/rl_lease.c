#include "rl_lease.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void make_token(char *out)
{
    unsigned char b[16] = {0};
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    size_t i;

    if (fd < 0 || read(fd, b, sizeof b) != (ssize_t)sizeof b) {
        /* fall back to something still unique per process and call */
        static unsigned long counter;
        unsigned long long mix = ((unsigned long long)getpid() << 40) ^ (unsigned long long)time(NULL) ^ ++counter;
        for (i = 0; i < sizeof b; i++) {
            mix ^= mix >> 29;
            mix *= 0xbf58476d1ce4e5b9ULL;
            b[i] = (unsigned char)(mix >> 24);
        }
    }
    if (fd >= 0)
        close(fd);
    for (i = 0; i < sizeof b; i++)
        sprintf(out + 2 * i, "%02x", b[i]);
}

struct rl_result rl_acquire(redisContext *c, const char *name, int ttl_ms)
{
    struct rl_result res;
    redisReply *rep;

    memset(&res, 0, sizeof res);
    make_token(res.token);
    rep = redisCommand(c, "SET rl:lease:%s %s NX PX %d", name, res.token, ttl_ms);
    if (rep == NULL) {
        res.err = -EIO;
        return res;
    }
    if (rep->type == REDIS_REPLY_STATUS && strcmp(rep->str, "OK") == 0)
        res.acquired = 1;
    else if (rep->type != REDIS_REPLY_NIL)
        res.err = -EPROTO;
    freeReplyObject(rep);
    if (!res.acquired)
        res.token[0] = '\0';
    return res;
}

int rl_take(redisContext *c, const char *name, int ttl_ms,
            char *token_out, size_t token_len, bool *acquired)
{
    struct rl_result r = rl_acquire(c, name, ttl_ms);

    *acquired = r.err == 0 && r.acquired;
    if (*acquired)
        snprintf(token_out, token_len, "%s", r.token);
    return r.err;
}

int rl_give(redisContext *c, const char *name, const char *token)
{
    static const char script[] =
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
    char key[160];
    redisReply *rep;
    int ok;

    snprintf(key, sizeof key, "rl:lease:%s", name);
    rep = redisCommand(c, "EVAL %s 1 %s %s", script, key, token);
    ok = rep != NULL && rep->type == REDIS_REPLY_INTEGER && rep->integer == 1;
    if (rep)
        freeReplyObject(rep);
    return ok;
}
