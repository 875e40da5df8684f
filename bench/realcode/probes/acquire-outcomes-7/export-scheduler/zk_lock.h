#ifndef EXPORT_ZK_LOCK_H
#define EXPORT_ZK_LOCK_H

/*
 * ZooKeeper locking for the nightly export scheduler.
 *
 * Two recipes are in use:
 *   - a fixed ephemeral node per export (/locks/export/<name>), whose
 *     creation Stat is kept so that the release can be versioned;
 *   - the ephemeral-sequential recipe under a per-export directory, for
 *     exports that queue instead of skipping.
 * All calls use the synchronous API (zookeeper_mt, THREADED).
 * Paths are absolute and their parent directories exist.
 */

#include <stddef.h>

#include <zookeeper/zookeeper.h>

/* Creates the ephemeral node path. Returns the zoo_create2 code:
 * ZOK = held (st filled), ZNODEEXISTS = busy, anything else = error. */
int zk_try_ephemeral(zhandle_t *zh, const char *path, const char *owner,
                     struct Stat *st);

/* Deletes path only at the version recorded when it was created. */
int zk_release_versioned(zhandle_t *zh, const char *path,
                         const struct Stat *st);

/* Sequential recipe: creates dir/lock-NNNNNNNNNN (ephemeral, sequential),
 * copies its path to node and sets *lowest to 1 only when it is the lowest
 * child. Returns ZOK when both the create and the listing ran; *lowest is 0
 * on any error. The caller deletes node when it is not used. */
int zk_seq_enter(zhandle_t *zh, const char *dir, char *node, size_t n,
                 int *lowest);

/* Export work, defined elsewhere. */
int run_export(const char *name);
void log_msg(const char *fmt, ...);

#endif
