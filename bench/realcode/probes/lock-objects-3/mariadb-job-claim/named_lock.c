#include "named_lock.h"
#include "db.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int nl_init(struct named_lock *lk, MYSQL *conn, const char *name)
{
	memset(lk, 0, sizeof *lk);
	if (conn == NULL || name == NULL || strlen(name) >= sizeof lk->name)
		return -1;
	lk->conn = conn;
	strcpy(lk->name, name);
	return db_escape(conn, lk->quoted, sizeof lk->quoted, name);
}

int nl_acquire(struct named_lock *lk, int timeout_s)
{
	long v;

	if (timeout_s < 0)
		timeout_s = 0;
	v = db_query_int(lk->conn, "SELECT GET_LOCK('%s', %d)", lk->quoted, timeout_s);
	if (v == 1) {
		lk->held = 1;
		return 1;
	}
	if (v == 0)
		return 0;
	return -1;	/* DB_ERR or DB_NULL (killed / out of memory) */
}

int nl_try(struct named_lock *lk)
{
	return nl_acquire(lk, 0);
}

int nl_acquire_blocking(struct named_lock *lk)
{
	int rc;

	for (;;) {
		rc = nl_acquire(lk, 10);
		if (rc == 1)
			return 1;
		if (rc < 0) {
			fprintf(stderr, "named_lock: %s: error, retrying\n", lk->name);
			sleep(1);
		}
	}
}

void nl_release(struct named_lock *lk)
{
	long v;

	if (!lk->held)
		return;
	v = db_query_int(lk->conn, "SELECT RELEASE_LOCK('%s')", lk->quoted);
	if (v != 1)
		fprintf(stderr, "named_lock: %s: release returned %ld\n", lk->name, v);
	lk->held = 0;
}
