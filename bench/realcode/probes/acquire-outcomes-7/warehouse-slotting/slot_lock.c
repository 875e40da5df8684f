#include "slot_lock.h"

#include <stdio.h>
#include <stdlib.h>

static int query_long(MYSQL *db, const char *sql, long *out)
{
    MYSQL_RES *res;
    MYSQL_ROW row;

    *out = -1;
    if (mysql_query(db, sql) != 0)
        return -1;
    res = mysql_store_result(db);
    if (res == NULL)
        return -1;
    row = mysql_fetch_row(res);
    if (row == NULL) {
        mysql_free_result(res);
        return -1;
    }
    if (row[0] != NULL)
        *out = strtol(row[0], NULL, 10);
    mysql_free_result(res);
    return 0;
}

int slot_get_lock(MYSQL *db, const char *name, int timeout_s, long *out)
{
    char sql[160];

    snprintf(sql, sizeof sql, "SELECT GET_LOCK('%s', %d)", name, timeout_s);
    return query_long(db, sql, out);
}

int slot_lock_state(MYSQL *db, const char *name, int timeout_s)
{
    long v;

    if (slot_get_lock(db, name, timeout_s, &v) != 0 || v < 0)
        return -1;
    return v == 1 ? 1 : 0;
}

int slot_release(MYSQL *db, const char *name)
{
    char sql[160];
    long v;

    snprintf(sql, sizeof sql, "SELECT RELEASE_LOCK('%s')", name);
    return query_long(db, sql, &v) == 0 && v == 1;
}
