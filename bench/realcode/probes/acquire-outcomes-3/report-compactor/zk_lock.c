#include <stdio.h>
#include <string.h>

#include "zk_lock.h"

void zk_lock_setup(zk_lock_t *lk, zhandle_t *zh, const char *report, const char *owner)
{
    memset(lk, 0, sizeof *lk);
    lk->zh = zh;
    snprintf(lk->path, sizeof lk->path, "/compactor/locks/%s", report);
    snprintf(lk->owner, sizeof lk->owner, "%s", owner);
}

int zk_lock_request(zk_lock_t *lk, string_completion_t done, const void *ctx)
{
    return zoo_acreate(lk->zh, lk->path, lk->owner, (int)strlen(lk->owner),
                       &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, done, ctx);
}

int zk_lock_request_sticky(zk_lock_t *lk, string_completion_t done, const void *ctx)
{
    /* archive runs for hours; don't lose the lock on a session blip */
    return zoo_acreate(lk->zh, lk->path, lk->owner, (int)strlen(lk->owner),
                       &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, done, ctx);
}

void zk_lock_adopt(zk_lock_t *lk, const char *created)
{
    snprintf(lk->created, sizeof lk->created, "%s", created ? created : lk->path);
}

static void dropped(int rc, const void *data)
{
    const zk_lock_t *lk = data;
    if (rc != ZOK && rc != ZNONODE)
        fprintf(stderr, "zk_lock: delete %s: %s\n", lk->created, zerror(rc));
}

int zk_lock_drop(zk_lock_t *lk)
{
    if (lk->created[0] == '\0')
        return ZOK;
    /* lock nodes are never setData'd, so the version is still 0 */
    return zoo_adelete(lk->zh, lk->created, 0, dropped, lk);
}
