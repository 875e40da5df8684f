#include "zkkit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void zkm_owner_id(char *buf, size_t len)
{
    char host[64] = "";

    gethostname(host, sizeof host - 1);
    snprintf(buf, len, "%s/%d/%ld/%08x", host, (int)getpid(), (long)time(NULL),
             (unsigned)rand());
}

int zkm_init(struct zk_mutex *m, struct zk_conn *c, const char *path, const char *owner)
{
    memset(m, 0, sizeof *m);
    if (strlen(path) >= sizeof m->path || strlen(owner) >= sizeof m->owner)
        return -1;
    m->conn = c;
    strcpy(m->path, path);
    strcpy(m->owner, owner);
    pthread_mutex_init(&m->mu, NULL);
    pthread_cond_init(&m->cv, NULL);
    return 0;
}

static void holder_watch(zhandle_t *zh, int type, int state, const char *path, void *ctx)
{
    struct zk_mutex *m = ctx;
    (void)zh;
    (void)state;
    (void)path;
    (void)type;

    pthread_mutex_lock(&m->mu);
    m->gone = 1;
    pthread_cond_broadcast(&m->cv);
    pthread_mutex_unlock(&m->mu);
}

int zkm_trylock(struct zk_mutex *m)
{
    int rc = zoo_create(m->conn->zh, m->path, m->owner, (int)strlen(m->owner),
                        &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
    if (rc == ZOK) {
        m->held = 1;
        return 1;
    }
    if (rc == ZNODEEXISTS)
        return 0;
    fprintf(stderr, "zkm: create %s: %s\n", m->path, zerror(rc));
    return -1;
}

int zkm_lock(struct zk_mutex *m)
{
    int rc;

    for (;;) {
        rc = zkm_trylock(m);
        if (rc != 0)
            return rc;

        pthread_mutex_lock(&m->mu);
        m->gone = 0;
        pthread_mutex_unlock(&m->mu);

        rc = zoo_wexists(m->conn->zh, m->path, holder_watch, m, NULL);
        if (rc == ZNONODE)
            continue;
        if (rc != ZOK)
            return -1;

        pthread_mutex_lock(&m->mu);
        while (!m->gone)
            pthread_cond_wait(&m->cv, &m->mu);
        pthread_mutex_unlock(&m->mu);
    }
}

int zkm_unlock(struct zk_mutex *m)
{
    char buf[128];
    int len = sizeof buf - 1;
    struct Stat st;
    int rc;

    if (!m->held)
        return 0;
    m->held = 0;

    rc = zoo_get(m->conn->zh, m->path, 0, buf, &len, &st);
    if (rc == ZNONODE)
        return 0;
    if (rc != ZOK)
        return -1;
    if (len < 0)
        len = 0;
    buf[len] = '\0';
    if (strcmp(buf, m->owner) != 0)
        return 0;   /* someone else's node now; leave it */

    rc = zoo_delete(m->conn->zh, m->path, st.version);
    return (rc == ZOK || rc == ZNONODE) ? 0 : -1;
}
