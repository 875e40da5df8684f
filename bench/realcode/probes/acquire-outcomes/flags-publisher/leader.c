#define _GNU_SOURCE
#include "leader.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "kv.h"

bool g_is_leader = false;

void leader_init(leader_t *l, redisContext *c, const char *role, int ttl_ms)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    l->c = c;
    l->ttl_ms = ttl_ms;
    l->held = false;
    snprintf(l->key, sizeof l->key, "flags:leader:%s", role);
    snprintf(l->owner, sizeof l->owner, "%ld-%ld-%08lx", (long)getpid(),
             (long)ts.tv_nsec, (unsigned long)random());
}

bool leader_try(leader_t *l)
{
    return kv_set_nx_px(l->c, l->key, l->owner, l->ttl_ms) != 0;
}

bool leader_try_strict(leader_t *l)
{
    int rc = kv_set_nx_px(l->c, l->key, l->owner, l->ttl_ms);

    l->held = (rc == 1);
    return l->held;
}

void leader_release(leader_t *l)
{
    if (kv_del_if(l->c, l->key, l->owner) < 0)
        fprintf(stderr, "leader_release %s: redis error\n", l->key);
    l->held = false;
}
