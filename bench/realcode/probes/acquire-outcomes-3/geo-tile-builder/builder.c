/*
 * builder.c: renders vector tiles for a region and stores them in the
 * tiles table.  tiles.fence holds the fence of the last writer; fenced
 * writes only apply if their fence is newer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tile_lock.h"

static int store_tile(PGconn *pg, int region, int z, const char *blob, long fence)
{
	char r[16], zz[8], f[24];
	const char *v[4] = { blob, f, r, zz };
	PGresult *res;
	int ok;

	snprintf(r, sizeof r, "%d", region);
	snprintf(zz, sizeof zz, "%d", z);
	snprintf(f, sizeof f, "%ld", fence);
	res = PQexecParams(pg,
		"UPDATE tiles SET blob = $1, fence = $2::bigint "
		"WHERE region_id = $3::int AND zoom = $4::int AND fence < $2::bigint",
		4, NULL, v, NULL, NULL, 0);
	ok = PQresultStatus(res) == PGRES_COMMAND_OK && atoi(PQcmdTuples(res)) > 0;
	PQclear(res);
	return ok ? 0 : -1;
}

static const char *render(int region, int z)
{
	(void)region; (void)z;
	return "\\x1a00";
}

/* the CDN edge syncs straight from this shared directory */
static int spool_tile(int region, int z, const char *blob)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof path, "/srv/tilespool/%d/%d.mvt", region, z);
	fp = fopen(path, "w");
	if (fp == NULL)
		return -1;
	fputs(blob, fp);
	return fclose(fp);
}

int build_region(PGconn *pg, int region, int max_zoom)
{
	struct tile_lock tl = { pg, region };
	long fence;
	int z, err = 0;

	fence = tile_lock_acquire(&tl);
	if (fence <= 0)
		return fence == 0 ? 1 : -1;

	for (z = 0; z <= max_zoom && !err; z++)
		err = store_tile(pg, region, z, render(region, z), fence);

	tile_lock_release(&tl);
	return err;
}

int rebuild_zoom(PGconn *pg, int region, int z)
{
	struct tile_lock tl = { pg, region };
	long fence = tile_lock_acquire(&tl);
	int err;

	if (fence < 0)
		return -1;
	spool_tile(region, z, render(region, z));
	err = store_tile(pg, region, z, render(region, z), fence);
	tile_lock_release(&tl);
	return err;
}

/* Seeding a brand-new region: rows don't exist yet, so plain INSERT. */
int seed_region(PGconn *pg, int region, int max_zoom)
{
	struct tile_lock tl = { pg, region };
	char r[16], zz[8];
	const char *v[3] = { r, zz, NULL };
	int z;

	if (tile_lock_acquire(&tl) <= 0)
		return -1;
	snprintf(r, sizeof r, "%d", region);
	for (z = 0; z <= max_zoom; z++) {
		snprintf(zz, sizeof zz, "%d", z);
		v[2] = render(region, z);
		PQclear(PQexecParams(pg,
			"INSERT INTO tiles (region_id, zoom, blob) VALUES ($1::int, $2::int, $3) "
			"ON CONFLICT (region_id, zoom) DO UPDATE SET blob = EXCLUDED.blob",
			3, NULL, v, NULL, NULL, 0));
	}
	tile_lock_release(&tl);
	return 0;
}
