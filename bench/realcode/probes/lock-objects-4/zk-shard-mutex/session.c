#define _POSIX_C_SOURCE 200809L
#include "zk_session.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_cv = PTHREAD_COND_INITIALIZER;
static int g_connected;
static char g_name[96];

const char *node_name(void)
{
    if (!g_name[0]) {
        char host[64] = "unknown";
        gethostname(host, sizeof host - 1);
        snprintf(g_name, sizeof g_name, "%s:%ld", host, (long)getpid());
    }
    return g_name;
}

static void session_watcher(zhandle_t *zh, int type, int state, const char *path, void *ctx)
{
    (void)zh;
    (void)path;
    (void)ctx;
    if (type != ZOO_SESSION_EVENT)
        return;

    pthread_mutex_lock(&g_mu);
    if (state == ZOO_CONNECTED_STATE) {
        g_connected = 1;
        pthread_cond_broadcast(&g_cv);
    } else if (state == ZOO_CONNECTING_STATE) {
        fprintf(stderr, "zk: disconnected, client is retrying\n");
    } else if (state == ZOO_EXPIRED_SESSION_STATE) {
        fprintf(stderr, "zk: session expired\n");
    }
    pthread_mutex_unlock(&g_mu);
}

zhandle_t *zk_connect(const char *hosts, int timeout_ms)
{
    zhandle_t *zh = zookeeper_init(hosts, session_watcher, 15000, NULL, NULL, 0);
    if (zh == NULL)
        return NULL;

    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000 + 1;

    int rc = 0;
    pthread_mutex_lock(&g_mu);
    while (!g_connected && rc != ETIMEDOUT)
        rc = pthread_cond_timedwait(&g_cv, &g_mu, &deadline);
    int ok = g_connected;
    pthread_mutex_unlock(&g_mu);

    if (!ok) {
        zookeeper_close(zh);
        return NULL;
    }
    return zh;
}

const char *zpathf(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    if (n < 0 && cap > 0)
        buf[0] = '\0';
    return buf;
}
