/*
 * pg_lock.h -- session-level advisory locks for the billing rollup workers.
 *
 * All calls take the *lock connection*, a dedicated long-lived PGconn that
 * only ever holds advisory locks.  Data is written through a second
 * connection so that lock traffic never sits inside a data transaction.
 */
#ifndef BILLING_PG_LOCK_H
#define BILLING_PG_LOCK_H

#include <libpq-fe.h>

/* Returns 1 if the lock was taken, 0 if another session holds it,
 * -1 if the query failed (connection broken, statement timeout, ...). */
int pglk_try(PGconn *lockconn, long long key);

/* Waits until the lock is ours.  Returns 0 on success, -1 on error. */
int pglk_wait(PGconn *lockconn, long long key);

/* Returns 1 if we held it and it is now released, 0 otherwise. */
int pglk_release(PGconn *lockconn, long long key);

#endif
