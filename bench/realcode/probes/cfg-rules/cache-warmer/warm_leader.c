#include "warm_leader.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

void wl_on_change(zhandle_t *zh, int type, int state, const char *path, void *ctx)
{
    struct wl *w = ctx;
    (void)zh; (void)type; (void)state; (void)path;
    pthread_mutex_lock(&w->mu);
    w->fired = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

void wl_init(struct wl *w, zhandle_t *zh, const char *region)
{
    memset(w, 0, sizeof *w);
    w->zh = zh;
    w->version = -1;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    snprintf(w->path, sizeof w->path, "/warm/%s/leader", region);
    snprintf(w->readers, sizeof w->readers, "/warm/%s/readers", region);
}

int wl_try(struct wl *w)
{
    struct Stat st;
    int rc = zoo_create2(w->zh, w->path, NULL, -1, &ZOO_OPEN_ACL_UNSAFE,
                         ZOO_EPHEMERAL, NULL, 0, &st);
    if (rc == ZOK) {
        w->version = st.version;
        return 1;
    }
    return rc == ZNODEEXISTS ? 0 : -1;
}

int wl_wait_change(struct wl *w, int timeout_ms)
{
    struct timespec until;
    int wrc = 0;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    pthread_mutex_lock(&w->mu);
    w->fired = 0;
    pthread_mutex_unlock(&w->mu);
    int zrc = zoo_wexists(w->zh, w->path, wl_on_change, w, NULL);
    pthread_mutex_lock(&w->mu);
    if (zrc != ZOK)
        w->fired = 1;
    while (!w->fired && wrc != ETIMEDOUT)
        wrc = pthread_cond_timedwait(&w->cv, &w->mu, &until);
    int changed = w->fired;
    pthread_mutex_unlock(&w->mu);
    return changed;
}

void wl_release(struct wl *w)
{
    if (w->version < 0)
        return;
    int rc = zoo_delete(w->zh, w->path, w->version);
    if (rc != ZOK && rc != ZNONODE)
        fprintf(stderr, "warm: release of %s failed: %d\n", w->path, rc);
    w->version = -1;
}
