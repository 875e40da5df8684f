#include "rlock.h"
#include "rconn.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void rlock_owner_default(char *buf, size_t len)
{
    char host[64] = "localhost";
    unsigned int rnd[2] = { 0, 0 };
    int fd;

    gethostname(host, sizeof host - 1);
    fd = open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, rnd, sizeof rnd) != (ssize_t)sizeof rnd)
            rnd[0] = (unsigned)getpid();
        close(fd);
    }
    snprintf(buf, len, "%s:%d:%08x%08x", host, (int)getpid(), rnd[0], rnd[1]);
}

int rlock_init(struct rlock *lk, redisContext *c, const char *name, const char *owner,
               unsigned ttl_ms)
{
    memset(lk, 0, sizeof *lk);
    if (snprintf(lk->key, sizeof lk->key, "lock:%s", name) >= (int)sizeof lk->key)
        return -1;
    if (owner != NULL) {
        if (strlen(owner) >= sizeof lk->owner)
            return -1;
        strcpy(lk->owner, owner);
    } else {
        rlock_owner_default(lk->owner, sizeof lk->owner);
    }
    lk->c = c;
    lk->ttl_ms = ttl_ms ? ttl_ms : 10000;
    return 0;
}

int rlock_try(struct rlock *lk)
{
    int rv = rc_cmd_status(lk->c, "SET %s %s NX PX %u", lk->key, lk->owner, lk->ttl_ms);

    if (rv == 1)
        lk->held = 1;
    return rv;
}

int rlock_release(struct rlock *lk)
{
    redisReply *r;
    int mine;

    if (!lk->held)
        return 0;
    lk->held = 0;

    r = rc_cmd(lk->c, "GET %s", lk->key);
    if (r == NULL)
        return -1;
    mine = r->type == REDIS_REPLY_STRING && strcmp(r->str, lk->owner) == 0;
    freeReplyObject(r);
    if (!mine)
        return 0;

    return rc_cmd_int(lk->c, "DEL %s", lk->key) == 1 ? 0 : -1;
}
