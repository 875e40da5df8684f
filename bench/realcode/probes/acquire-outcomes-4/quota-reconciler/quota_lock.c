#include "quota_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long db_query_int(MYSQL *db, const char *sql)
{
    MYSQL_RES *res;
    MYSQL_ROW row;
    long v = -1;

    if (mysql_query(db, sql) != 0) {
        fprintf(stderr, "query failed: %s\n", mysql_error(db));
        return -1;
    }
    res = mysql_store_result(db);
    if (res == NULL)
        return -1;
    row = mysql_fetch_row(res);
    if (row != NULL && row[0] != NULL)
        v = atol(row[0]);
    mysql_free_result(res);
    return v;
}

int db_escape_account(MYSQL *db, const char *account, char *out, size_t outlen)
{
    size_t n = strlen(account);

    if (outlen < 2 * n + 1)
        return -1;
    mysql_real_escape_string(db, out, account, (unsigned long)n);
    return 0;
}

int quota_lock_take(MYSQL *db, const char *account, int wait_s)
{
    char esc[129], sql[256];
    MYSQL_RES *res;
    MYSQL_ROW row;
    int rc = -1;

    if (db_escape_account(db, account, esc, sizeof(esc)) != 0)
        return -1;
    snprintf(sql, sizeof(sql), "SELECT GET_LOCK('quota:%s', %d)", esc, wait_s);
    if (mysql_query(db, sql) != 0)
        return -1;
    res = mysql_store_result(db);
    if (res == NULL)
        return -1;
    row = mysql_fetch_row(res);
    if (row != NULL && row[0] != NULL)
        rc = atoi(row[0]) == 1 ? 1 : 0;
    mysql_free_result(res);
    return rc;
}

int quota_lock_drop(MYSQL *db, const char *account)
{
    char esc[129], sql[256];

    if (db_escape_account(db, account, esc, sizeof(esc)) != 0)
        return -1;
    snprintf(sql, sizeof(sql), "SELECT RELEASE_LOCK('quota:%s')", esc);
    return db_query_int(db, sql) == 1 ? 0 : -1;
}
