#ifndef GEO_TILE_LOCK_H
#define GEO_TILE_LOCK_H

#include <libpq-fe.h>

struct tile_lock {
	PGconn *pg;
	int region_id;
};

/*
 * Try to take the region's advisory lock; on success bump and return the
 * region's fencing counter (tile_fences.fence, always > 0).
 *
 *   > 0   lock held, value is this holder's fence
 *   0     another builder holds the region
 *   -1    database error (lock state unknown; treat as not held)
 */
long tile_lock_acquire(struct tile_lock *tl);
void tile_lock_release(struct tile_lock *tl);

#endif
