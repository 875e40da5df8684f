#ifndef BILLING_MYSQL_LOCK_H
#define BILLING_MYSQL_LOCK_H

#include <mysql/mysql.h>

/* GET_LOCK(name, timeout_s): 1 granted, 0 timed out, -1 error/NULL.
 * timeout_s < 0 waits without limit; 0 does not wait. */
int ml_get(MYSQL *db, const char *name, int timeout_s);
/* RELEASE_LOCK(name): 1 released, 0 held by another session, -1 not held/error. */
int ml_release(MYSQL *db, const char *name);

#endif
