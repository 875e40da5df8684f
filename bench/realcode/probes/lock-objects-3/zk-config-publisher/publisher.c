/*
 * publisher.c - renders config bundles into the shared config volume that
 * every app host mounts. Publishers on several hosts take the ZooKeeper
 * lock so a bundle is never half-overwritten by another publisher.
 */
#include "bundle.h"
#include "zkkit.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int write_file_atomic(const char *dir, const struct cfg_file *f)
{
    char tmp[512], dst[512];
    FILE *fp;

    snprintf(dst, sizeof dst, "%s/%s", dir, f->name);
    snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, f->name);
    fp = fopen(tmp, "wb");
    if (!fp)
        return -1;
    if (fwrite(f->body, 1, f->len, fp) != f->len) {
        fclose(fp);
        return -1;
    }
    if (fclose(fp) != 0)
        return -1;
    return rename(tmp, dst);
}

static int write_version(const char *dir, long version)
{
    char buf[32];
    struct cfg_file vf = { "VERSION", buf, 0 };

    vf.len = (size_t)snprintf(buf, sizeof buf, "%ld\n", version);
    return write_file_atomic(dir, &vf);
}

int publish_bundle(struct zk_conn *zc, const struct bundle *b)
{
    struct zk_mutex m;
    char owner[96], dir[256];
    int i, failed = 0;

    zkm_owner_id(owner, sizeof owner);
    if (zkm_init(&m, zc, LOCK_NODE, owner) != 0)
        return -EINVAL;
    if (zkm_trylock(&m) != 1)
        return -EBUSY;

    snprintf(dir, sizeof dir, "%s/%s", CFG_ROOT, b->app);
    mkdir(dir, 0755);

    for (i = 0; i < b->nfiles; i++) {
        if (write_file_atomic(dir, &b->files[i]) != 0) {
            fprintf(stderr, "publish: %s/%s: %s\n", b->app, b->files[i].name, strerror(errno));
            failed++;
        }
    }
    if (!failed)
        write_version(dir, b->version);

    zkm_unlock(&m);
    return failed ? -EIO : 0;
}

/* Hot-patch a single file; used by the on-call "push one file" command. */
int publish_one(struct zk_conn *zc, const char *app, const struct cfg_file *f)
{
    struct zk_mutex m;
    char owner[96], dir[256];
    int rc;

    zkm_owner_id(owner, sizeof owner);
    if (zkm_init(&m, zc, LOCK_NODE, owner) != 0)
        return -EINVAL;
    if (zkm_trylock(&m) != 1)
        return -EBUSY;

    snprintf(dir, sizeof dir, "%s/%s", CFG_ROOT, app);
    if (!zkc_alive(zc)) {
        zkm_unlock(&m);
        return -ENOTCONN;
    }
    rc = write_file_atomic(dir, f);

    zkm_unlock(&m);
    return rc == 0 ? 0 : -EIO;
}
