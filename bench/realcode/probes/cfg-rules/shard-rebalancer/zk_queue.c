#include "zk_queue.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void pred_gone(zhandle_t *zh, int type, int state, const char *path, void *ctx)
{
    struct zq *q = ctx;
    (void)zh; (void)type; (void)state; (void)path;
    pthread_mutex_lock(&q->mu);
    q->changed = 1;
    pthread_cond_signal(&q->cv);
    pthread_mutex_unlock(&q->mu);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* 1 = we are first, 0 = pred filled in, -1 = error */
static int find_pred(struct zq *q, char *pred, size_t n)
{
    struct String_vector kids;
    const char *mine = strrchr(q->own, '/') + 1;
    if (zoo_get_children(q->zh, q->dir, 0, &kids) != ZOK)
        return -1;
    qsort(kids.data, kids.count, sizeof(char *), by_name);
    pred[0] = '\0';
    for (int i = 0; i < kids.count && strcmp(kids.data[i], mine) < 0; i++)
        snprintf(pred, n, "%s/%s", q->dir, kids.data[i]);
    deallocate_String_vector(&kids);
    return pred[0] == '\0';
}

static int add_member(struct zq *q)
{
    char prefix[160];
    snprintf(prefix, sizeof prefix, "%s/member-", q->dir);
    return zoo_create(q->zh, prefix, NULL, -1, &ZOO_OPEN_ACL_UNSAFE,
                      ZOO_EPHEMERAL_SEQUENTIAL, q->own, sizeof q->own);
}

static void drop_member(struct zq *q)
{
    if (q->own[0] != '\0' && zoo_delete(q->zh, q->own, -1) != ZOK)
        fprintf(stderr, "zq: could not delete %s\n", q->own);
    q->own[0] = '\0';
}

int zq_init(struct zq *q, zhandle_t *zh, int shard)
{
    memset(q, 0, sizeof *q);
    q->zh = zh;
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->cv, NULL);
    snprintf(q->dir, sizeof q->dir, "/shards/%d/q", shard);
    int rc = zoo_create(zh, q->dir, NULL, -1, &ZOO_OPEN_ACL_UNSAFE,
                        ZOO_PERSISTENT, NULL, 0);
    return (rc == ZOK || rc == ZNODEEXISTS) ? 0 : -1;
}

int zq_acquire(struct zq *q, int timeout_ms)
{
    char pred[256];
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    if (add_member(q) != ZOK)
        return -1;
    for (;;) {
        int first = find_pred(q, pred, sizeof pred);
        if (first < 0)
            return -1;
        if (first)
            return 0;
        int wrc = 0;
        pthread_mutex_lock(&q->mu);
        q->changed = 0;
        int zrc = zoo_wexists(q->zh, pred, pred_gone, q, NULL);
        while (zrc == ZOK && !q->changed && wrc != ETIMEDOUT)
            wrc = pthread_cond_timedwait(&q->cv, &q->mu, &deadline);
        pthread_mutex_unlock(&q->mu);
        if (zrc != ZOK && zrc != ZNONODE) {
            drop_member(q);
            return -1;
        }
        if (wrc == ETIMEDOUT) {
            drop_member(q);
            return 1;
        }
    }
}

int zq_acquire_blocking(struct zq *q)
{
    char pred[256];
    if (add_member(q) != ZOK)
        return -1;
    for (;;) {
        int first = find_pred(q, pred, sizeof pred);
        if (first < 0) {
            drop_member(q);
            return -1;
        }
        if (first)
            return 0;
        pthread_mutex_lock(&q->mu);
        q->changed = 0;
        if (zoo_wexists(q->zh, pred, pred_gone, q, NULL) == ZOK)
            while (!q->changed)
                pthread_cond_wait(&q->cv, &q->mu);
        pthread_mutex_unlock(&q->mu);
    }
}

void zq_release(struct zq *q)
{
    drop_member(q);
}
