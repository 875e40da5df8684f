#define _POSIX_C_SOURCE 200809L
#include "db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int db_scalar_int(MYSQL *db, const char *sql, long long *out, int *is_null)
{
	MYSQL_RES *res;
	MYSQL_ROW row;

	if (mysql_query(db, sql) != 0) {
		fprintf(stderr, "db: %s: %s\n", sql, mysql_error(db));
		return -1;
	}
	res = mysql_store_result(db);
	if (res == NULL)
		return -1;
	row = mysql_fetch_row(res);
	if (row == NULL) {
		mysql_free_result(res);
		return -1;
	}
	if (is_null)
		*is_null = (row[0] == NULL);
	*out = row[0] ? strtoll(row[0], NULL, 10) : 0;
	mysql_free_result(res);
	return 0;
}

MYSQL_ROW db_first_row(MYSQL *db, const char *sql, MYSQL_RES **res_out)
{
	MYSQL_RES *res;
	MYSQL_ROW row;

	*res_out = NULL;
	if (mysql_query(db, sql) != 0)
		return NULL;
	res = mysql_store_result(db);
	if (res == NULL)
		return NULL;
	row = mysql_fetch_row(res);
	if (row == NULL) {
		mysql_free_result(res);
		return NULL;
	}
	*res_out = res;
	return row;
}

int db_exec(MYSQL *db, const char *sql)
{
	return mysql_query(db, sql);
}

void db_release_named(MYSQL *db, const char *name)
{
	char sql[256];
	char esc[128];
	MYSQL_RES *res;

	mysql_real_escape_string(db, esc, name, (unsigned long)strnlen(name, 60));
	snprintf(sql, sizeof sql, "SELECT RELEASE_LOCK('%s')", esc);
	if (mysql_query(db, sql) == 0) {
		res = mysql_store_result(db);
		if (res)
			mysql_free_result(res);
	}
}
