#include "mylock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int scalar_int(MYSQL *db, const char *sql, int *out)
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
        *out = atoi(row[0]);
        rc = 0;
    }
    mysql_free_result(res);
    return rc;
}

void mylock_init(struct mylock *l, MYSQL *db, const char *name, int timeout_s)
{
    char escaped[sizeof(l->name)];
    size_t n = strlen(name);

    if (n > (sizeof(escaped) - 1) / 2)
        n = (sizeof(escaped) - 1) / 2;
    mysql_real_escape_string(db, escaped, name, (unsigned long)n);

    memset(l, 0, sizeof(*l));
    l->db = db;
    l->timeout_s = timeout_s;
    strncpy(l->name, escaped, sizeof(l->name) - 1);
}

int mylock_get(struct mylock *l)
{
    char sql[160];
    int got = 0;

    snprintf(sql, sizeof(sql), "SELECT GET_LOCK('exporter.%s', %d)", l->name, l->timeout_s);
    if (scalar_int(l->db, sql, &got) != 0)
        return -1;
    l->held = (got == 1);
    return l->held;
}

int mylock_get_blocking(struct mylock *l)
{
    char sql[160];
    int got = 0;

    snprintf(sql, sizeof(sql), "SELECT GET_LOCK('exporter.%s', -1)", l->name);
    if (scalar_int(l->db, sql, &got) != 0)
        return -1;
    l->held = (got == 1);
    return l->held;
}

int mylock_release(struct mylock *l)
{
    char sql[160];
    int released = 0;

    if (!l->held)
        return 0;
    snprintf(sql, sizeof(sql), "SELECT RELEASE_LOCK('exporter.%s')", l->name);
    if (scalar_int(l->db, sql, &released) != 0)
        return -1;
    l->held = 0;
    return released;
}
