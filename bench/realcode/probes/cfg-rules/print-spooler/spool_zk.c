#include "spool_zk.h"

#include <stdio.h>
#include <string.h>

zhandle_t *g_zh;
static char g_hosts[256];
static volatile sig_atomic_t g_need_reconnect;

static void spool_watcher(zhandle_t *zh, int type, int state,
                          const char *path, void *ctx)
{
    (void)zh; (void)path; (void)ctx;
    if (type != ZOO_SESSION_EVENT)
        return;
    if (state == ZOO_EXPIRED_SESSION_STATE) {
        fprintf(stderr, "spooler: session expired, will reconnect\n");
        g_need_reconnect = 1;
    }
}

int spool_connect(const char *hosts)
{
    snprintf(g_hosts, sizeof g_hosts, "%s", hosts);
    g_zh = zookeeper_init(g_hosts, spool_watcher, 15000, NULL, NULL, 0);
    return g_zh != NULL ? 0 : -1;
}

void spool_maintain(void)
{
    if (!g_need_reconnect)
        return;
    g_need_reconnect = 0;
    zookeeper_close(g_zh);
    g_zh = zookeeper_init(g_hosts, spool_watcher, 15000, NULL, NULL, 0);
}

int spool_owns(const char *path, int *version)
{
    struct Stat st;
    const clientid_t *me = zoo_client_id(g_zh);
    if (zoo_exists(g_zh, path, 0, &st) != ZOK || me == NULL)
        return 0;
    if (st.ephemeralOwner != me->client_id)
        return 0;
    if (version != NULL)
        *version = st.version;
    return 1;
}
