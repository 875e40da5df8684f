/*
 *  pg_guard.h
 *  ----------
 *  Advisory locking for the pricing refresher.  Lock names are hashed with
 *  hashtext() server-side.  pgg_try() returns the PGresult of
 *  "SELECT pg_try_advisory_lock(hashtext($1))" -- the caller inspects it
 *  (the macros below help) and PQclear()s it.
 */
#ifndef PRICING_PG_GUARD_H
#define PRICING_PG_GUARD_H

#include <string.h>
#include <libpq-fe.h>

/* the statement executed and produced a row */
#define PGG_RAN(res) \
    ((res) != NULL && PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1)

/* the statement executed and the lock is ours */
#define PGG_GOT(res) \
    (PGG_RAN(res) && !PQgetisnull((res), 0, 0) && strcmp(PQgetvalue((res), 0, 0), "t") == 0)

PGresult *pgg_try(PGconn *conn, const char *lockname);
void      pgg_release(PGconn *conn, const char *lockname);

#endif /* PRICING_PG_GUARD_H */
