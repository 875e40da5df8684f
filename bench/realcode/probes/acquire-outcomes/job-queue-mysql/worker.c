/*
 * Queue worker. Several worker hosts share one MySQL; named locks keep two
 * of them from claiming or draining the same queue at once.
 */
#include <stdio.h>
#include <unistd.h>

#include "db.h"

extern int jobs_claim_batch(MYSQL *db, int n);
extern int jobs_requeue_stale(MYSQL *db, int older_than_sec);
extern int jobs_drain(MYSQL *db);

int claim_next_jobs(MYSQL *db, int n)
{
	long long got = 0;
	int isnull = 0;
	int claimed;

	if (db_scalar_int(db, "SELECT GET_LOCK('jq.claim', 2)", &got, &isnull) != 0 || isnull || got != 1)
		return 0;

	claimed = jobs_claim_batch(db, n);
	db_release_named(db, "jq.claim");
	return claimed;
}

int requeue_stale(MYSQL *db)
{
	long long got = 0;
	int n = 0;

	if (db_scalar_int(db, "SELECT GET_LOCK('jq.requeue', 0)", &got, NULL) == 0) {
		n = jobs_requeue_stale(db, 600);
		db_release_named(db, "jq.requeue");
	}
	return n;
}

int drain_queue(MYSQL *db)
{
	long long got = 0;
	int isnull = 0, rc, drained;

	do {
		rc = db_scalar_int(db, "SELECT GET_LOCK('jq.drain', 5)", &got, &isnull);
	} while (rc != 0 || isnull || got != 1);

	drained = jobs_drain(db);
	db_release_named(db, "jq.drain");
	return drained;
}

int drain_queue_bounded(MYSQL *db, int max_tries)
{
	long long got = 0;
	int isnull = 0, tries, drained;

	for (tries = 0; tries < max_tries; tries++) {
		if (db_scalar_int(db, "SELECT GET_LOCK('jq.drain', 5)", &got, &isnull) == 0 && !isnull && got == 1)
			break;
	}
	if (tries == max_tries)
		return -1;

	drained = jobs_drain(db);
	db_release_named(db, "jq.drain");
	return drained;
}
