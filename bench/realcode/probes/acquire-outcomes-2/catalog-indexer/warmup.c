/*
 * Prefix-cache warm-up after a deploy.  Uses the async API so the caller can
 * bound the wait; the completion just records the result and wakes us.
 */
#define _GNU_SOURCE
#include "zk_lock.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WARM_LOCK "/catalog/locks/warmup"

extern int prefix_cache_warm(void);

struct warm_wait {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done;
    int rc;
    char path[ZKL_PATH_MAX];
};

static void on_warm_lock(int rc, const char *value, const void *data)
{
    struct warm_wait *w = (struct warm_wait *)data;
    pthread_mutex_lock(&w->mu);
    w->rc = rc;
    if (rc == ZOK && value != NULL)
        snprintf(w->path, sizeof w->path, "%s", value);
    w->done = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

int warm_prefix_cache(zhandle_t *zh, int timeout_ms)
{
    /* heap-allocated: on timeout the completion may still fire later */
    struct warm_wait *w = calloc(1, sizeof *w);
    const char *me = zkl_host_id();
    struct timespec deadline;

    if (w == NULL)
        return -1;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    w->rc = ZSYSTEMERROR;

    int rc = zoo_acreate(zh, WARM_LOCK, me, (int)strlen(me), &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, on_warm_lock, w);
    if (rc != ZOK) {
        free(w);
        return -1;
    }

    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }

    pthread_mutex_lock(&w->mu);
    while (!w->done) {
        if (pthread_cond_timedwait(&w->cv, &w->mu, &deadline) == ETIMEDOUT)
            break;
    }
    int done = w->done, result = w->rc;
    pthread_mutex_unlock(&w->mu);
    if (!done) {
        fprintf(stderr, "[warmup] lock create did not complete in %d ms\n", timeout_ms);
        return -1;
    }

    if (result == ZOK || result == ZNODEEXISTS) {
        int warmed = prefix_cache_warm();
        fprintf(stderr, "[warmup] warmed %d prefixes (lock rc=%s)\n", warmed, zerror(result));
    }
    if (result == ZOK)
        zkl_release(zh, w->path);
    free(w);
    return 0;
}
