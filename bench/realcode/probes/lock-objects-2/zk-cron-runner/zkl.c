#include "zkl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

static void zkl_watcher(zhandle_t *zh, int type, int state, const char *path, void *ctx)
{
	zkl_t *l = ctx;

	(void)zh;
	(void)path;
	if (type != ZOO_SESSION_EVENT)
		return;
	if (state == ZOO_CONNECTED_STATE) {
		l->connected = 1;
	} else if (state == ZOO_EXPIRED_SESSION_STATE) {
		syslog(LOG_ERR, "zkl: session expired (%s)", l->lease_path);
		l->connected = 0;
		l->expired = 1;
	} else {
		l->connected = 0;
	}
}

zkl_t *zkl_open(const char *hosts, const char *job, int session_ms)
{
	char host[64] = "localhost";
	zkl_t *l;
	int waited;

	l = calloc(1, sizeof(*l));
	if (l == NULL)
		return NULL;
	snprintf(l->lock_path, sizeof(l->lock_path), "/cron/locks/%s", job);
	snprintf(l->lease_path, sizeof(l->lease_path), "/cron/leases/%s", job);
	gethostname(host, sizeof(host) - 1);
	snprintf(l->owner, sizeof(l->owner), "%s:%d", host, (int)getpid());

	l->zh = zookeeper_init(hosts, zkl_watcher, session_ms, NULL, l, 0);
	if (l->zh == NULL) {
		free(l);
		return NULL;
	}
	for (waited = 0; !l->connected && waited < 50; waited++)
		usleep(100 * 1000);
	if (!l->connected) {
		zookeeper_close(l->zh);
		free(l);
		return NULL;
	}
	return l;
}

void zkl_close(zkl_t *l)
{
	if (l == NULL)
		return;
	zookeeper_close(l->zh);
	free(l);
}

int zkl_acquire(zkl_t *l)
{
	int rc;

	rc = zoo_create(l->zh, l->lock_path, l->owner, (int)strlen(l->owner),
			&ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, NULL, 0);
	if (rc == ZOK)
		return ZKL_HELD;
	if (rc == ZNODEEXISTS)
		return ZKL_BUSY;
	syslog(LOG_ERR, "zkl: create %s: %s", l->lock_path, zerror(rc));
	return ZKL_ERROR;
}

int zkl_release(zkl_t *l)
{
	int rc = zoo_delete(l->zh, l->lock_path, -1);

	if (rc != ZOK && rc != ZNONODE) {
		syslog(LOG_ERR, "zkl: delete %s: %s", l->lock_path, zerror(rc));
		return -1;
	}
	return 0;
}

int zkl_acquire_lease(zkl_t *l)
{
	struct Stat st;
	int rc;

	rc = zoo_create(l->zh, l->lease_path, l->owner, (int)strlen(l->owner),
			&ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
	if (rc == ZNODEEXISTS)
		return ZKL_BUSY;
	if (rc != ZOK)
		return ZKL_ERROR;
	rc = zoo_exists(l->zh, l->lease_path, 0, &st);
	if (rc != ZOK) {
		zoo_delete(l->zh, l->lease_path, 0);
		return ZKL_ERROR;
	}
	l->lease_version = st.version;
	return ZKL_HELD;
}

int zkl_release_lease(zkl_t *l)
{
	int rc = zoo_delete(l->zh, l->lease_path, l->lease_version);

	if (rc == ZBADVERSION)
		syslog(LOG_WARNING, "zkl: %s changed under us, not deleting", l->lease_path);
	return (rc == ZOK || rc == ZNONODE) ? 0 : -1;
}

int zkl_valid(const zkl_t *l)
{
	return l->connected && !l->expired;
}
