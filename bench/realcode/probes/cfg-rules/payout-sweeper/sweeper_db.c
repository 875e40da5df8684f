#include "sweeper_db.h"

#include <stdio.h>
#include <string.h>

PGconn *sweeper_connect(const char *dsn)
{
    char conninfo[512];
    snprintf(conninfo, sizeof conninfo, "%s options='-c lock_timeout=5000'", dsn);
    PGconn *conn = PQconnectdb(conninfo);
    if (PQstatus(conn) != CONNECTION_OK) {
        PQfinish(conn);
        return NULL;
    }
    return conn;
}

PGconn *sweeper_connect_reporting(const char *dsn)
{
    PGconn *conn = PQconnectdb(dsn);
    if (PQstatus(conn) != CONNECTION_OK) {
        PQfinish(conn);
        return NULL;
    }
    return conn;
}

int db_ok(PGconn *conn, const char *sql)
{
    PGresult *res = PQexec(conn, sql);
    ExecStatusType st = PQresultStatus(res);
    PQclear(res);
    return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

static int bool_cell(PGconn *conn, const char *sql)
{
    PGresult *res = PQexec(conn, sql);
    int v = -1;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1)
        v = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    PQclear(res);
    return v;
}

int db_try_lock(PGconn *conn, long key)
{
    char sql[80];
    snprintf(sql, sizeof sql, "SELECT pg_try_advisory_lock(%ld)", key);
    return bool_cell(conn, sql);
}

int db_unlock(PGconn *conn, long key)
{
    char sql[80];
    snprintf(sql, sizeof sql, "SELECT pg_advisory_unlock(%ld)", key);
    return bool_cell(conn, sql) == 1;
}
