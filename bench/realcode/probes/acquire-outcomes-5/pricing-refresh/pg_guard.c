#include "pg_guard.h"

#include <stdio.h>

PGresult *pgg_try(PGconn *conn, const char *lockname)
{
    const char *vals[1];

    vals[0] = lockname;
    return PQexecParams(conn, "SELECT pg_try_advisory_lock(hashtext($1))",
                        1, NULL, vals, NULL, NULL, 0);
}

void pgg_release(PGconn *conn, const char *lockname)
{
    const char *vals[1];
    PGresult *res;

    vals[0] = lockname;
    res = PQexecParams(conn, "SELECT pg_advisory_unlock(hashtext($1))",
                       1, NULL, vals, NULL, NULL, 0);
    if (!PGG_GOT(res))
        fprintf(stderr, "pgg_release(%s): lock was not held\n", lockname);
    PQclear(res);
}
