#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "warm_leader.h"

int region_key_count(const char *region);
void warm_key(const char *region, int idx);

static atomic_int g_session_lost;
static atomic_int g_running = 1;

void warm_session_watcher(zhandle_t *zh, int type, int state,
                          const char *path, void *ctx)
{
    (void)zh; (void)path; (void)ctx;
    if (type == ZOO_SESSION_EVENT && state == ZOO_EXPIRED_SESSION_STATE)
        atomic_store(&g_session_lost, 1);
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void warm_all(struct wl *w, const char *region)
{
    int n = region_key_count(region);
    for (int i = 0; i < n && !atomic_load(&g_session_lost); i++)
        warm_key(region, i);
    wl_release(w);
}

int warm_region(struct wl *w, const char *region)
{
    for (;;) {
        int rc = wl_try(w);
        if (rc == 1)
            break;
        if (rc < 0)
            return -1;
        wl_wait_change(w, 1000);
    }
    warm_all(w, region);
    return 0;
}

int warm_region_before(struct wl *w, const char *region, int budget_ms)
{
    const long deadline = now_ms() + budget_ms;
    int rc;
    while ((rc = wl_try(w)) != 1) {
        long left = deadline - now_ms();
        if (rc < 0 || left <= 0)
            return -1;
        wl_wait_change(w, (int)left);
    }
    warm_all(w, region);
    return 0;
}

int warm_region_after_drain(struct wl *w, const char *region)
{
    struct String_vector kids = {0, NULL};
    pthread_mutex_lock(&w->mu);
    w->fired = 0;
    pthread_mutex_unlock(&w->mu);
    while (zoo_wget_children(w->zh, w->readers, wl_on_change, w, &kids) == ZOK &&
           kids.count > 0) {
        deallocate_String_vector(&kids);
        pthread_mutex_lock(&w->mu);
        while (!w->fired)
            pthread_cond_wait(&w->cv, &w->mu);
        w->fired = 0;
        pthread_mutex_unlock(&w->mu);
    }
    deallocate_String_vector(&kids);
    if (wl_try(w) != 1)
        return -1;
    warm_all(w, region);
    return 0;
}

void warm_daemon(struct wl *w, const char *region, int interval_s)
{
    while (atomic_load(&g_running)) {
        if (wl_try(w) == 1)
            warm_all(w, region);
        sleep(interval_s);
    }
}
