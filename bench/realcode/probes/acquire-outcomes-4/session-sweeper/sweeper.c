#include "sweeper.h"

#include <stdio.h>
#include <unistd.h>

#include "session_store.h"
#include "sweep_lock.h"

#define SWEEP_TTL_MS 20000

static int acquire_with_backoff(sweep_lock_t *l, int attempts_left, useconds_t delay)
{
    int rc = sweep_lock_acquire(l, SWEEP_TTL_MS);

    if (rc != 0 || attempts_left <= 1)
        return rc;
    usleep(delay);
    return acquire_with_backoff(l, attempts_left - 1, delay * 2);
}

static int wait_for_shard(sweep_lock_t *l)
{
    int rc = sweep_lock_acquire(l, 60000);

    if (rc == 1)
        return 1;
    if (rc < 0)
        return -1;
    usleep(100000);
    return wait_for_shard(l);
}

int sweep_shard(struct sweeper *sw, const char *shard)
{
    sweep_lock_t *l = sweep_lock_open(sw->redis, shard);
    int rc, n, total = 0;

    if (!l)
        return -1;
    rc = acquire_with_backoff(l, 4, 50000);
    if (rc != 1) {
        sweep_lock_close(l);
        return rc;
    }
    while ((n = sessions_expire_batch(sw->store, shard, 500)) > 0) {
        total += n;
        if (!sweep_lock_extend(l, SWEEP_TTL_MS))
            break;
    }
    sweep_lock_release(l);
    sweep_lock_close(l);
    return total;
}

int sweep_tokens(struct sweeper *sw, const char *shard)
{
    sweep_lock_t *l = sweep_lock_open(sw->redis, shard);
    int n = 0;

    if (!l)
        return -1;
    if (sweep_lock_acquire_legacy(l, 300)) {
        n = tokens_expire_all(sw->store, shard);
        sweep_lock_release(l);
    }
    sweep_lock_close(l);
    return n;
}

/* Rebalancing must happen before the shard map is published. */
int rebalance_shard(struct sweeper *sw, const char *shard)
{
    sweep_lock_t *l = sweep_lock_open(sw->redis, shard);
    int rc;

    if (!l)
        return -1;
    if (wait_for_shard(l) != 1) {
        sweep_lock_close(l);
        return -1;
    }
    rc = sessions_rebalance(sw->store, shard);
    sweep_lock_release(l);
    sweep_lock_close(l);
    return rc;
}
