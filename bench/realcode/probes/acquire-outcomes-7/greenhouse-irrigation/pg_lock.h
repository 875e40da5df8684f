#ifndef GREENHOUSE_PG_LOCK_H
#define GREENHOUSE_PG_LOCK_H

/*
 * Advisory locks for the irrigation controller.
 *
 * Every zone has its own session-level advisory key (41xx). Several
 * controller processes share the same database, and a zone's valves must
 * only be driven by one of them at a time. Locks taken here are held by the
 * PGconn's session, so they must be released on the same connection; a
 * pooled connection that is returned while holding a key keeps it until the
 * pool closes the session.
 *
 * Two entry points exist because older jobs read the raw cell text;
 * new code should use pg_try_lock_flag.
 */

#include <stdbool.h>
#include <stddef.h>

#include <libpq-fe.h>

/* Runs SELECT pg_try_advisory_lock(key). Returns 1 when the statement ran
 * and produced a row, 0 otherwise. The cell ("t" or "f") is copied to out;
 * out is "" when the statement failed. */
int pg_try_lock_text(PGconn *conn, long key, char *out, size_t n);

/* Same lock, decoded. Returns 0 when the statement ran (then *held is the
 * answer) and -1 on error (then *held is false). */
int pg_try_lock_flag(PGconn *conn, long key, bool *held);

/* pg_advisory_unlock(key); returns 1 only when the server released it. */
int pg_unlock(PGconn *conn, long key);

/* Work done by the irrigation controller, defined elsewhere. */
int open_valves(PGconn *conn, const char *zone);
int mist_beds(PGconn *conn);
int flush_lines(PGconn *conn, const char *zone);

#endif
