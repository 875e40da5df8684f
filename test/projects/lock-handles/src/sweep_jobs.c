#include "rlock.h"

int purge_expired(redisContext *conn, const char *shard);

int sweep_shard(redisContext *conn, const char *shard) {
  struct rlock lock;
  int purged;
  if (rlock_init(&lock, conn, shard, 5000) != 0)
    return -1;
  rlock_take(&lock);
  purged = purge_expired(conn, shard);
  rlock_drop(&lock);
  return purged;
}

int sweep_shard_once(redisContext *conn, const char *shard) {
  struct rlock lock;
  int purged;
  if (rlock_init(&lock, conn, shard, 5000) != 0)
    return -1;
  if (!rlock_take(&lock))
    return 0;
  purged = purge_expired(conn, shard);
  rlock_drop(&lock);
  return purged;
}

/* Sends one command whose only value is the shard. */
static void run_for_shard(redisContext *conn, const char *fmt, const char *shard) {
  freeReplyObject(redisCommand(conn, fmt, shard));
}

/* The operators' way out of a stuck sweep: whoever holds the lock loses it. */
void force_unlock(redisContext *conn, const char *shard) {
  run_for_shard(conn, "DEL lock:sweep:%s", shard);
}
