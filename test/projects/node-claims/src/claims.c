#include "zk_util.h"
#include <stdio.h>
#include <string.h>

void migrate_shard(int shard, const char *target);

/* Claimed persistent: a crash mid-migration keeps the claim forever. */
int claim_migration(zhandle_t *zh, int shard, const char *target) {
  char path[128];
  snprintf(path, sizeof path, "/shards/%d/migrating", shard);
  int rc = zoo_create(zh, path, target, (int)strlen(target), &ZOO_OPEN_ACL_UNSAFE, 0, NULL, 0);
  if (rc != ZOK)
    return rc == ZNODEEXISTS ? 0 : -1;
  migrate_shard(shard, target);
  zk_drop(zh, path, 0);
  return 1;
}

/* Claimed ephemeral and released through the helper: silent. */
int claim_rebuild(zhandle_t *zh, int shard, const char *target) {
  char path[128];
  snprintf(path, sizeof path, "/shards/%d/rebuilding", shard);
  if (zoo_create(zh, path, target, (int)strlen(target), &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL,
                 NULL, 0) != ZOK)
    return 0;
  migrate_shard(shard, target);
  zk_drop(zh, path, 0);
  return 1;
}
