/*
 * mlock.h  --  MySQL named-lock helpers (ticket allocator)
 *
 *   mlock_get()  returns  0 when GET_LOCK ran and produced 0 or 1 (stored
 *                         in *got: 1 = ours, 0 = timed out waiting),
 *                        -1 when the statement failed or returned NULL.
 *   mlock_put()  returns  1 when RELEASE_LOCK confirmed, 0 otherwise.
 */
#ifndef TICKET_MLOCK_H
#define TICKET_MLOCK_H

#include <mysql.h>

int mlock_get(MYSQL *db, const char *name, int timeout_s, long *got);
int mlock_put(MYSQL *db, const char *name);

#endif
