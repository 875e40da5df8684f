#include "mlock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int scalar_query(MYSQL *db, const char *sql, long *out)
{
    MYSQL_RES *res;
    MYSQL_ROW row;
    int rc = -1;

    if (mysql_query(db, sql) != 0)
        return -1;
    res = mysql_store_result(db);
    if (res == NULL)
        return -1;
    row = mysql_fetch_row(res);
    if (row != NULL && row[0] != NULL) {
        *out = strtol(row[0], NULL, 10);
        rc = 0;
    }
    mysql_free_result(res);
    return rc;
}

int mlock_get(MYSQL *db, const char *name, int timeout_s, long *got)
{
    char esc[256], sql[400];
    size_t len = strlen(name);

    if (len > 120)
        return -1;
    mysql_real_escape_string(db, esc, name, (unsigned long)len);
    snprintf(sql, sizeof sql, "SELECT GET_LOCK('%s', %d)", esc, timeout_s);
    return scalar_query(db, sql, got);
}

int mlock_put(MYSQL *db, const char *name)
{
    char esc[256], sql[400];
    size_t len = strlen(name);
    long v = 0;

    if (len > 120)
        return 0;
    mysql_real_escape_string(db, esc, name, (unsigned long)len);
    snprintf(sql, sizeof sql, "SELECT RELEASE_LOCK('%s')", esc);
    return scalar_query(db, sql, &v) == 0 && v == 1;
}
