/*
 * Nightly table maintenance for the job store.
 */
#include <stdio.h>
#include <string.h>

#include "db.h"

extern int jobs_vacuum(MYSQL *db);
extern int jobs_rotate_partitions(MYSQL *db);

int vacuum_jobs(MYSQL *db)
{
	MYSQL_RES *res = NULL;
	MYSQL_ROW row;
	int rc = 1;

	row = db_first_row(db, "SELECT GET_LOCK('jq.vacuum', 0)", &res);
	if (row && row[0] && strcmp(row[0], "1") == 0) {
		rc = jobs_vacuum(db);
		db_release_named(db, "jq.vacuum");
	}
	if (res)
		mysql_free_result(res);
	return rc;
}

int rotate_partitions(MYSQL *db)
{
	MYSQL_RES *res = NULL;
	MYSQL_ROW row;
	int rc;

	row = db_first_row(db, "SELECT GET_LOCK('jq.rotate', 0)", &res);
	if (row == NULL) {
		fprintf(stderr, "rotate: GET_LOCK failed: %s\n", mysql_error(db));
		return -1;
	}
	mysql_free_result(res);

	rc = jobs_rotate_partitions(db);
	db_release_named(db, "jq.rotate");
	return rc;
}

int archive_month(MYSQL *db, const char *month)
{
	char sql[512];
	long long got = 0;
	int isnull = 1;

	if (db_scalar_int(db, "SELECT GET_LOCK('jq.archive', 10)", &got, &isnull) < 0)
		return -1;
	if (isnull || got == 0)
		return 1;

	snprintf(sql, sizeof sql,
		 "INSERT INTO jobs_archive SELECT * FROM jobs WHERE finished_month = '%s'", month);
	if (db_exec(db, sql) != 0) {
		fprintf(stderr, "archive %s: %s\n", month, mysql_error(db));
		return -1;
	}
	snprintf(sql, sizeof sql, "DELETE FROM jobs WHERE finished_month = '%s'", month);
	db_exec(db, sql);
	db_release_named(db, "jq.archive");
	return 0;
}
