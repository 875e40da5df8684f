/*
 * export_worker.c - writes per-tenant CSV exports.
 *
 * Each tenant's export is claimed with a named lock "export:<tenant>" so two
 * workers never write the same export file and bump the same sequence.
 */
#include "db.h"
#include "named_lock.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static int write_export_file(MYSQL *db, const char *tenant, const char *path)
{
	char qt[140];
	char sql[512];
	FILE *fp;
	MYSQL_RES *res;
	MYSQL_ROW row;

	if (db_escape(db, qt, sizeof qt, tenant) != 0)
		return -1;
	snprintf(sql, sizeof sql,
		 "SELECT id, amount, created_at FROM invoices WHERE tenant = '%s'", qt);
	if (mysql_query(db, sql) != 0)
		return -1;
	res = mysql_use_result(db);
	if (res == NULL)
		return -1;

	fp = fopen(path, "w");
	if (fp == NULL) {
		mysql_free_result(res);
		return -1;
	}
	while ((row = mysql_fetch_row(res)) != NULL)
		fprintf(fp, "%s,%s,%s\n", row[0], row[1] ? row[1] : "", row[2] ? row[2] : "");
	fclose(fp);
	mysql_free_result(res);
	return 0;
}

int export_tenant(MYSQL *db, const char *tenant, const char *outdir)
{
	struct named_lock lk;
	char name[65];
	char path[512];
	char qt[140];
	long seq;
	int rc;

	snprintf(name, sizeof name, "export:%s", tenant);
	if (nl_init(&lk, db, name) != 0)
		return -1;

	rc = nl_acquire(&lk, 5);
	if (rc < 0) {
		fprintf(stderr, "export: %s: lock error\n", tenant);
		return -1;
	}

	if (db_escape(db, qt, sizeof qt, tenant) != 0) {
		nl_release(&lk);
		return -1;
	}
	seq = db_query_int(db, "SELECT next_seq FROM export_seq WHERE tenant = '%s'", qt);
	if (seq < 0)
		seq = 1;
	snprintf(path, sizeof path, "%s/%s-%06ld.csv", outdir, tenant, seq);

	rc = write_export_file(db, tenant, path);
	if (rc == 0)
		rc = db_exec(db,
			     "INSERT INTO export_seq(tenant, next_seq) VALUES ('%s', %ld) "
			     "ON DUPLICATE KEY UPDATE next_seq = %ld",
			     qt, seq + 1, seq + 1);

	nl_release(&lk);
	return rc;
}

/* Nightly: export every tenant that is not already being exported. */
int export_all(MYSQL *db, const char *outdir, const char **tenants, int n)
{
	struct named_lock sweep;
	int i, failed = 0;

	if (nl_init(&sweep, db, "export:nightly-sweep") != 0)
		return -1;
	if (nl_try(&sweep) != 1) {
		fprintf(stderr, "export: nightly sweep already running\n");
		return 0;
	}

	for (i = 0; i < n; i++) {
		if (export_tenant(db, tenants[i], outdir) != 0)
			failed++;
	}

	nl_release(&sweep);
	return failed;
}
