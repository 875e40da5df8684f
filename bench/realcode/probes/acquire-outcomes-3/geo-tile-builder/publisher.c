/*
 * publisher.c: flips a region's published version once its tiles are
 * complete, and a blocking rebuild used by the import pipeline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "tile_lock.h"

static int publish_version(PGconn *pg, int region, long fence)
{
	char r[16], f[24];
	const char *v[2] = { r, f };
	PGresult *res;
	int ok;

	snprintf(r, sizeof r, "%d", region);
	snprintf(f, sizeof f, "%ld", fence);
	res = PQexecParams(pg,
		"UPDATE regions SET published_version = published_version + 1, fence = $2::bigint "
		"WHERE id = $1::int AND fence < $2::bigint",
		2, NULL, v, NULL, NULL, 0);
	ok = PQresultStatus(res) == PGRES_COMMAND_OK;
	PQclear(res);
	return ok ? 0 : -1;
}

static int retract_version(PGconn *pg, int region, long fence)
{
	char r[16], f[24];
	const char *v[2] = { r, f };
	PGresult *res;
	int ok;

	snprintf(r, sizeof r, "%d", region);
	snprintf(f, sizeof f, "%ld", fence);
	res = PQexecParams(pg,
		"UPDATE regions SET published_version = published_version - 1, fence = $2::bigint "
		"WHERE id = $1::int AND published_version > 0 AND fence < $2::bigint",
		2, NULL, v, NULL, NULL, 0);
	ok = PQresultStatus(res) == PGRES_COMMAND_OK;
	PQclear(res);
	return ok ? 0 : -1;
}

static void write_manifest(int region)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof path, "/srv/tilespool/%d/MANIFEST", region);
	if ((fp = fopen(path, "w")) != NULL) {
		fprintf(fp, "region=%d published=%ld\n", region, (long)time(NULL));
		fclose(fp);
	}
}

int publish_region(PGconn *pg, int region)
{
	struct tile_lock tl = { pg, region };
	long fence = tile_lock_acquire(&tl);
	int rc;

	if (fence != -1) {
		write_manifest(region);
		rc = publish_version(pg, region, fence);
		tile_lock_release(&tl);
		return rc;
	}
	return -1;
}

int unpublish_region(PGconn *pg, int region)
{
	struct tile_lock tl = { pg, region };
	long fence;
	int attempt, rc;

	for (attempt = 0; attempt < 3; attempt++) {
		fence = tile_lock_acquire(&tl);
		if (fence > 0)
			break;
		if (fence < 0)
			return -1;
		sleep(1);
	}
	if (fence <= 0)
		return 1;

	rc = retract_version(pg, region, fence);
	tile_lock_release(&tl);
	return rc;
}

/* Import pipeline: the new OSM extract is in, publish no matter how long it takes. */
int publish_after_import(PGconn *pg, int region)
{
	struct tile_lock tl = { pg, region };
	long fence;
	int rc;

	while ((fence = tile_lock_acquire(&tl)) <= 0) {
		fprintf(stderr, "region %d busy, waiting\n", region);
		sleep(2);
	}
	rc = publish_version(pg, region, fence);
	tile_lock_release(&tl);
	return rc;
}
