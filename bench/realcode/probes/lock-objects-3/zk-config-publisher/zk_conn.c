#include "zkkit.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static void session_watcher(zhandle_t *zh, int type, int state, const char *path, void *ctx)
{
    struct zk_conn *c = ctx;
    (void)zh;
    (void)path;

    if (type != ZOO_SESSION_EVENT)
        return;
    pthread_mutex_lock(&c->mu);
    if (state == ZOO_CONNECTED_STATE) {
        c->connected = 1;
    } else if (state == ZOO_EXPIRED_SESSION_STATE) {
        c->connected = 0;
        c->expired = 1;
    } else {
        c->connected = 0;
    }
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
}

int zkc_open(struct zk_conn *c, const char *hosts, int session_ms, int wait_ms)
{
    struct timespec until;
    int rc = 0;

    memset(c, 0, sizeof *c);
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);

    c->zh = zookeeper_init(hosts, session_watcher, session_ms, NULL, c, 0);
    if (!c->zh)
        return -1;

    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += wait_ms / 1000;
    until.tv_nsec += (long)(wait_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }

    pthread_mutex_lock(&c->mu);
    while (!c->connected && !c->expired && rc != ETIMEDOUT)
        rc = pthread_cond_timedwait(&c->cv, &c->mu, &until);
    rc = c->connected ? 0 : -1;
    pthread_mutex_unlock(&c->mu);
    return rc;
}

int zkc_alive(struct zk_conn *c)
{
    int ok;

    pthread_mutex_lock(&c->mu);
    ok = c->connected && !c->expired;
    pthread_mutex_unlock(&c->mu);
    return ok;
}

void zkc_close(struct zk_conn *c)
{
    if (c->zh)
        zookeeper_close(c->zh);
    c->zh = NULL;
    pthread_cond_destroy(&c->cv);
    pthread_mutex_destroy(&c->mu);
}
