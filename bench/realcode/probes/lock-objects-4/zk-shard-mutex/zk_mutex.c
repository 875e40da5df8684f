#define _POSIX_C_SOURCE 200809L
#include "zk_mutex.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void on_change(zhandle_t *zh, int type, int state, const char *path, void *ctx)
{
    struct zk_mutex *m = ctx;
    (void)zh;
    (void)type;
    (void)state;
    (void)path;
    pthread_mutex_lock(&m->mu);
    m->fired = 1;
    pthread_cond_signal(&m->cv);
    pthread_mutex_unlock(&m->mu);
}

void zkm_init(struct zk_mutex *m, zhandle_t *zh, const char *dir, const char *name,
              const char *owner)
{
    memset(m, 0, sizeof *m);
    m->zh = zh;
    snprintf(m->path, sizeof m->path, "%s/%s", dir, name);
    if (owner)
        strncpy(m->owner, owner, sizeof m->owner - 1);
    else
        snprintf(m->owner, sizeof m->owner, "pid-%ld", (long)getpid());
    pthread_mutex_init(&m->mu, NULL);
    pthread_cond_init(&m->cv, NULL);
}

int zkm_lock(struct zk_mutex *m, int timeout_ms)
{
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }

    for (;;) {
        int rc = zoo_create(m->zh, m->path, m->owner, (int)strlen(m->owner),
                            &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
        if (rc == ZOK) {
            m->held = 1;
            return ZOK;
        }
        if (rc != ZNODEEXISTS)
            return rc;

        struct Stat st;
        pthread_mutex_lock(&m->mu);
        m->fired = 0;
        pthread_mutex_unlock(&m->mu);
        rc = zoo_wexists(m->zh, m->path, on_change, m, &st);
        if (rc == ZNONODE)
            continue;
        if (rc != ZOK)
            return rc;

        int w = 0;
        pthread_mutex_lock(&m->mu);
        while (!m->fired && w != ETIMEDOUT)
            w = pthread_cond_timedwait(&m->cv, &m->mu, &deadline);
        pthread_mutex_unlock(&m->mu);
        if (w == ETIMEDOUT)
            return ZOPERATIONTIMEOUT;
    }
}

int zkm_unlock(struct zk_mutex *m)
{
    struct Stat st;
    if (!m->held)
        return ZOK;
    m->held = 0;

    int rc = zoo_exists(m->zh, m->path, 0, &st);
    if (rc != ZOK)
        return rc;
    const clientid_t *me = zoo_client_id(m->zh);
    if (me == NULL || st.ephemeralOwner != me->client_id)
        return ZBADVERSION; /* not ours any more */
    return zoo_delete(m->zh, m->path, st.version);
}
