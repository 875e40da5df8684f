/*
 * Publishes the compiled feature-flag set and segment tables to Redis so the
 * edge proxies can pick them up. One publisher replica per role is leader.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"
#include "leader.h"

struct pub_config {
    bool enabled;
    bool standalone;
    size_t snapshot_bytes;
};

extern const char *flags_compile_json(void);
extern const char *segments_compile(const char *name);
extern size_t snapshot_fill(char *buf, size_t len);
extern int snapshot_upload(const char *buf, size_t len);
extern void history_compact(void);
extern void keys_rotate(void);
extern void announce_version(const char *v);

int publish_flags(redisContext *c)
{
    leader_t l;
    bool leader;
    int rc;

    leader_init(&l, c, "flags", 15000);
    leader = leader_try_strict(&l);
    fprintf(stderr, "publish_flags: %s\n", leader ? "leader" : "follower");
    if (!leader)
        return 0;

    rc = kv_set_if_owner(c, l.key, l.owner, "flags:current", flags_compile_json());
    leader_release(&l);
    return rc == 1 ? 1 : -1;
}

int publish_segments(redisContext *c, const struct pub_config *cfg, const char *name)
{
    leader_t l;
    redisReply *r;

    leader_init(&l, c, "segments", 15000);
    if (cfg->enabled && leader_try_strict(&l)) {
        r = redisCommand(c, "HSET segments:current %s %s", name, segments_compile(name));
        if (r)
            freeReplyObject(r);
        leader_release(&l);
        return 1;
    }
    return 0;
}

int compact_history(redisContext *c)
{
    leader_t l;

    leader_init(&l, c, "history", 60000);
    leader_try_strict(&l);
    if (!g_is_leader)
        return 0;

    history_compact();
    leader_release(&l);
    return 1;
}

int push_snapshot(redisContext *c, const struct pub_config *cfg)
{
    leader_t l;
    char *buf;
    size_t n;
    int rc;

    leader_init(&l, c, "snapshot", 30000);
    if (!leader_try_strict(&l))
        return -EAGAIN;

    buf = malloc(cfg->snapshot_bytes);
    if (buf == NULL)
        return -ENOMEM;
    n = snapshot_fill(buf, cfg->snapshot_bytes);
    rc = snapshot_upload(buf, n);
    free(buf);
    leader_release(&l);
    return rc;
}

int rotate_keys(redisContext *c, const struct pub_config *cfg)
{
    leader_t l;

    leader_init(&l, c, "keys", 30000);
    if (leader_try_strict(&l) || cfg->standalone) {
        keys_rotate();
        if (l.held)
            leader_release(&l);
        return 1;
    }
    return 0;
}

void announce(redisContext *c, const char *version)
{
    leader_t l;

    leader_init(&l, c, "announce", 5000);
    if (!leader_try(&l))
        return;
    announce_version(version);
    leader_release(&l);
}
