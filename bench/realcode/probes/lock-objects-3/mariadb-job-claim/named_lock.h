#ifndef JOBCLAIM_NAMED_LOCK_H
#define JOBCLAIM_NAMED_LOCK_H

#include <mysql/mysql.h>

/* A MariaDB user-level lock (GET_LOCK / RELEASE_LOCK). The lock belongs to
 * the connection, so acquire and release must use the same MYSQL handle. */
struct named_lock {
	MYSQL *conn;
	char name[65];
	char quoted[140];
	int held;
};

int nl_init(struct named_lock *lk, MYSQL *conn, const char *name);

/* 1 = acquired, 0 = timed out, -1 = error */
int nl_acquire(struct named_lock *lk, int timeout_s);
int nl_try(struct named_lock *lk);

/* Keeps asking until the lock is ours. */
int nl_acquire_blocking(struct named_lock *lk);

void nl_release(struct named_lock *lk);

#endif
