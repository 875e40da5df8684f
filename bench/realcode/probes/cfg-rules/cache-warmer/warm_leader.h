#ifndef WARM_LEADER_H
#define WARM_LEADER_H

#include <pthread.h>
#include <zookeeper/zookeeper.h>

/* Single leader per region: whoever holds /warm/<region>/leader (ephemeral)
 * rewrites the region's cache. Readers of the cache hold shared turns as
 * ephemeral children of /warm/<region>/readers; a leader may only start
 * rewriting once no reader is left. */
struct wl {
    zhandle_t *zh;
    char path[160];
    char readers[160];
    int version;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int fired;
};

void wl_init(struct wl *w, zhandle_t *zh, const char *region);
/* 1 leader, 0 someone else leads, -1 error */
int wl_try(struct wl *w);
/* Waits up to timeout_ms for the leader node to change; 1 changed, 0 timeout. */
int wl_wait_change(struct wl *w, int timeout_ms);
void wl_release(struct wl *w);
/* Watcher that wakes waiters on w->cv; ctx is the struct wl. */
void wl_on_change(zhandle_t *zh, int type, int state, const char *path, void *ctx);

#endif
