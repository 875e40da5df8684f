/*
 * cleanup.c - periodic housekeeping for the export subsystem.
 */
#include "db.h"
#include "named_lock.h"

#include <stdio.h>

int purge_expired_exports(MYSQL *db, int keep_days)
{
	struct named_lock lk;
	long purged;

	if (nl_init(&lk, db, "exports:purge") != 0)
		return -1;
	nl_acquire_blocking(&lk);

	purged = db_query_int(db,
			      "SELECT COUNT(*) FROM export_files "
			      "WHERE created_at < NOW() - INTERVAL %d DAY",
			      keep_days);

	if (db_exec(db, "DELETE FROM export_files WHERE created_at < NOW() - INTERVAL %d DAY",
		    keep_days) != 0) {
		fprintf(stderr, "cleanup: purge failed\n");
		return -1;
	}
	if (db_exec(db, "UPDATE housekeeping SET last_purge = NOW() WHERE id = 1") != 0)
		fprintf(stderr, "cleanup: could not record purge time\n");

	nl_release(&lk);
	fprintf(stderr, "cleanup: purged %ld export rows\n", purged);
	return 0;
}

int compact_audit_log(MYSQL *db, int keep_days)
{
	struct named_lock lk;
	int rc = -1;

	if (nl_init(&lk, db, "audit:compact") != 0)
		return -1;
	if (nl_acquire(&lk, 3) != 1)
		return 0;	/* someone else is compacting */

	if (db_exec(db, "INSERT INTO audit_archive SELECT * FROM audit_log "
			"WHERE ts < NOW() - INTERVAL %d DAY", keep_days) != 0)
		goto out;
	if (db_exec(db, "DELETE FROM audit_log WHERE ts < NOW() - INTERVAL %d DAY",
		    keep_days) != 0)
		goto out;
	rc = 0;
out:
	nl_release(&lk);
	return rc;
}

long pending_export_count(MYSQL *db)
{
	/* read-only, no lock needed */
	return db_query_int(db, "SELECT COUNT(*) FROM export_requests WHERE state = 'pending'");
}
