#ifndef EXPORT_DB_H
#define EXPORT_DB_H

#include <stddef.h>
#include <mysql/mysql.h>

/* Runs a printf-formatted query returning one value and gives it back as a
 * long. Returns -1 on error, when there is no row, or when the value is NULL. */
long query_long(MYSQL *db, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Runs a printf-formatted statement; 0 on success. */
int exec_fmt(MYSQL *db, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Small per-process pool of connections to the export database. */
MYSQL *db_pool_get(void);
void db_pool_put(MYSQL *db);

#endif
