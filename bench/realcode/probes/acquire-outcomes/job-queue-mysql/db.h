#ifndef JQ_DB_H
#define JQ_DB_H

#include <mysql/mysql.h>

/*
 * Runs a query expected to return one row with one integer column.
 * Returns 0 when the query ran and a row came back (value in *out; *is_null set
 * when the column is SQL NULL, if is_null is given), -1 otherwise.
 */
int db_scalar_int(MYSQL *db, const char *sql, long long *out, int *is_null);

/*
 * Runs a query and returns its first row (or NULL on error / empty result).
 * Caller frees *res_out with mysql_free_result once done with the row.
 */
MYSQL_ROW db_first_row(MYSQL *db, const char *sql, MYSQL_RES **res_out);

/* Fire-and-forget statement; returns mysql_query's result. */
int db_exec(MYSQL *db, const char *sql);

void db_release_named(MYSQL *db, const char *name);

#endif
