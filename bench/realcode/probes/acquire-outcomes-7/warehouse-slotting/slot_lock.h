#ifndef SLOT_LOCK_H
#define SLOT_LOCK_H

/*
 * Named MySQL locks for warehouse slotting.
 *
 * Each zone ("slot:<zone>") has one named lock. Names are shared by all
 * slotting workers on the same server, GET_LOCK is session-scoped, and a
 * session may hold several names at once (MySQL >= 5.7 / MariaDB >= 10.0).
 *
 * GET_LOCK answers:
 *   1     the lock was obtained,
 *   0     the wait timed out (someone else holds it),
 *   NULL  an error occurred (e.g. the thread was killed).
 * The helpers below turn these into numbers; see each comment for which
 * value means what.
 *
 * Connections come from a pool, so a lock left behind stays with the pooled
 * session until it is closed.
 * Release every name on every path.
 */

#include <mysql/mysql.h>

/* SELECT GET_LOCK(name, timeout_s). Returns 0 when the query ran and a row
 * came back, -1 otherwise. *out is set to the cell: 1 = acquired,
 * 0 = timed out, -1 = NULL cell or query failure. */
int slot_get_lock(MYSQL *db, const char *name, int timeout_s, long *out);

/* Same lock as a tri-state: 1 acquired, 0 busy, -1 error. */
int slot_lock_state(MYSQL *db, const char *name, int timeout_s);

/* RELEASE_LOCK(name); 1 when released by this session. */
int slot_release(MYSQL *db, const char *name);

/* Slotting work, defined elsewhere. */
int reserve_slots(MYSQL *db, const char *zone, int count);
int move_pallets(MYSQL *db, const char *from, const char *to);

#endif
