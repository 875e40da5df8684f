#ifndef INVOICE_PG_ASYNC_H
#define INVOICE_PG_ASYNC_H

#include <libpq-fe.h>

/* Queues SELECT pg_try_advisory_lock(key); returns what PQsendQuery returned. */
int adv_send_try(PGconn *conn, long long key);
/* Reads every result of the queued statement.
 * 1 = granted, 0 = held by another session, -1 = error. */
int adv_collect(PGconn *conn);
/* Reads and drops every pending result. */
void adv_discard(PGconn *conn);
int adv_unlock(PGconn *conn, long long key);

#endif
