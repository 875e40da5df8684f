#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile_lock.h"

static PGresult *run1(PGconn *pg, const char *sql, int region_id)
{
	char buf[16];
	const char *v[1] = { buf };

	snprintf(buf, sizeof buf, "%d", region_id);
	return PQexecParams(pg, sql, 1, NULL, v, NULL, NULL, 0);
}

long tile_lock_acquire(struct tile_lock *tl)
{
	PGresult *r;
	long fence;

	r = run1(tl->pg, "SELECT pg_try_advisory_lock(7301, $1::int)", tl->region_id);
	if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
		fprintf(stderr, "tile_lock: %s", PQerrorMessage(tl->pg));
		PQclear(r);
		return -1;
	}
	if (strcmp(PQgetvalue(r, 0, 0), "t") != 0) {
		PQclear(r);
		return 0;
	}
	PQclear(r);

	r = run1(tl->pg,
		 "UPDATE tile_fences SET fence = fence + 1 WHERE region_id = $1::int "
		 "RETURNING fence", tl->region_id);
	if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
		PQclear(r);
		tile_lock_release(tl);
		return -1;
	}
	fence = atol(PQgetvalue(r, 0, 0));
	PQclear(r);
	return fence;
}

void tile_lock_release(struct tile_lock *tl)
{
	PQclear(run1(tl->pg, "SELECT pg_advisory_unlock(7301, $1::int)", tl->region_id));
}
