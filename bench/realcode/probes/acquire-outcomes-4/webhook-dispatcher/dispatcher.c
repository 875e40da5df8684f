#include "dispatcher.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "hook_lock.h"

int dispatch_pending(struct dispatcher *d, const char *endpoint)
{
    struct hook_lock *l = hook_lock_new(d->redis, endpoint);
    int got = 0, sent;

    if (!l)
        return -1;
    if (hook_lock_try(l, 10000, &got) != 0 || !got) {
        hook_lock_free(l);
        return 0;
    }
    sent = deliver_queue(d, endpoint);
    hook_lock_release(l);
    hook_lock_free(l);
    return sent;
}

int dispatch_retry(struct dispatcher *d, const char *endpoint)
{
    struct hook_lock *l = hook_lock_new(d->redis, endpoint);
    int got = 0, sent;

    if (!l)
        return -1;
    if (hook_lock_try(l, 20000, &got) == 0) {
        sent = deliver_failed(d, endpoint);
        hook_lock_release(l);
    } else {
        fprintf(stderr, "retry %s: redis unavailable\n", endpoint);
        sent = -1;
    }
    hook_lock_free(l);
    return sent;
}

/* Used on endpoint removal: everything queued must go out first. */
int dispatch_drain(struct dispatcher *d, const char *endpoint)
{
    struct hook_lock *l = hook_lock_new(d->redis, endpoint);
    int got = 0, n;

    if (!l)
        return -1;
retry:
    if (hook_lock_try(l, 30000, &got) != 0)
        goto fail;
    if (!got) {
        usleep(250000);
        goto retry;
    }
    n = drain_endpoint(d, endpoint);
    hook_lock_release(l);
    hook_lock_free(l);
    return n;
fail:
    hook_lock_free(l);
    return -1;
}

int dispatch_one(struct dispatcher *d, const char *endpoint, const char *event_id)
{
    struct hook_lock *l = hook_lock_new(d->redis, endpoint);
    time_t deadline = time(NULL) + 5;
    int got = 0, rc;

    if (!l)
        return -1;
again:
    if (hook_lock_try(l, 5000, &got) != 0) {
        hook_lock_free(l);
        return -1;
    }
    if (!got) {
        if (time(NULL) >= deadline) {
            hook_lock_free(l);
            return 0;
        }
        usleep(100000);
        goto again;
    }
    rc = deliver_event(d, endpoint, event_id);
    hook_lock_release(l);
    hook_lock_free(l);
    return rc;
}
