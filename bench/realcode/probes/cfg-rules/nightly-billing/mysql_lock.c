#include "mysql_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int scalar_int(MYSQL *db, const char *sql)
{
    int v = -1;
    if (mysql_query(db, sql) != 0)
        return -1;
    MYSQL_RES *res = mysql_store_result(db);
    if (res == NULL)
        return -1;
    MYSQL_ROW row = mysql_fetch_row(res);
    if (row != NULL && row[0] != NULL)
        v = atoi(row[0]);
    mysql_free_result(res);
    return v;
}

static void quote(MYSQL *db, const char *name, char *out, size_t n)
{
    char esc[256];
    size_t len = strlen(name);
    if (len > 100)
        len = 100;
    mysql_real_escape_string(db, esc, name, len);
    snprintf(out, n, "'%s'", esc);
}

int ml_get(MYSQL *db, const char *name, int timeout_s)
{
    char q[260], sql[320];
    quote(db, name, q, sizeof q);
    snprintf(sql, sizeof sql, "SELECT GET_LOCK(%s, %d)", q, timeout_s);
    return scalar_int(db, sql);
}

int ml_release(MYSQL *db, const char *name)
{
    char q[260], sql[320];
    quote(db, name, q, sizeof q);
    snprintf(sql, sizeof sql, "SELECT RELEASE_LOCK(%s)", q);
    int v = scalar_int(db, sql);
    if (v != 1)
        fprintf(stderr, "billing: RELEASE_LOCK(%s) = %d\n", name, v);
    return v;
}
