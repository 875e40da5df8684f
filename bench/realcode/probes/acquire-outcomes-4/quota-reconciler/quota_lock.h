#ifndef QUOTA_LOCK_H
#define QUOTA_LOCK_H

#include <mysql/mysql.h>

/* Runs a query whose first column of the first row is an integer.
 * Returns that integer, or -1 if the query failed or the value is NULL. */
long db_query_int(MYSQL *db, const char *sql);

/* Escapes an account id for use inside a quoted SQL literal. */
int db_escape_account(MYSQL *db, const char *account, char *out, size_t outlen);

/* Named lock "quota:<account>" via GET_LOCK.
 * 1 = acquired, 0 = timed out waiting, -1 = error. */
int quota_lock_take(MYSQL *db, const char *account, int wait_s);
int quota_lock_drop(MYSQL *db, const char *account);

#endif
