#include "zkl.h"

#include <stdio.h>
#include <string.h>

#define LOCK_ROOT "/shards/locks"

int zkl_init(struct zk_lock *lk, zhandle_t *zh, const char *name, const char *owner)
{
	int n;

	lk->zh = zh;
	lk->version = -1;
	n = snprintf(lk->path, sizeof(lk->path), "%s/%s", LOCK_ROOT, name);
	if (n < 0 || (size_t)n >= sizeof(lk->path))
		return ZBADARGUMENTS;
	strncpy(lk->owner, owner, sizeof(lk->owner) - 1);
	lk->owner[sizeof(lk->owner) - 1] = '\0';
	return ZOK;
}

int zkl_acquire(struct zk_lock *lk)
{
	struct Stat st;
	int rc;

	rc = zoo_create(lk->zh, lk->path, lk->owner, (int)strlen(lk->owner),
			&ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
	if (rc != ZOK)
		return rc;

	rc = zoo_exists(lk->zh, lk->path, 0, &st);
	if (rc != ZOK)
		return rc;
	lk->version = st.version;
	return ZOK;
}

int zkl_release(struct zk_lock *lk)
{
	char buf[ZKL_OWNER_MAX];
	int len = sizeof(buf) - 1;
	struct Stat st;
	int rc;

	if (lk->version < 0)
		return ZOK;

	rc = zoo_get(lk->zh, lk->path, 0, buf, &len, &st);
	if (rc != ZOK)
		return rc;
	buf[len > 0 ? len : 0] = '\0';
	if (strcmp(buf, lk->owner) != 0)
		return ZOK;	/* someone else's node now */

	rc = zoo_delete(lk->zh, lk->path, st.version);
	lk->version = -1;
	return rc;
}

/* Operator escape hatch: wipe a stuck shard lock. */
int zkl_force_release(zhandle_t *zh, const char *name)
{
	char path[ZKL_PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", LOCK_ROOT, name);
	return zoo_delete(zh, path, -1);
}

int zkl_mark_rebalance(zhandle_t *zh, const char *owner)
{
	return zoo_create(zh, "/shards/rebalance.lock", owner, (int)strlen(owner),
			  &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, NULL, 0);
}
