#include "db.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define POOL_MAX 8

static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static MYSQL *pool[POOL_MAX];
static int pool_len;

static int vformat(char *buf, size_t cap, const char *fmt, va_list ap)
{
    int n = vsnprintf(buf, cap, fmt, ap);
    return (n < 0 || (size_t)n >= cap) ? -1 : n;
}

long query_long(MYSQL *db, const char *fmt, ...)
{
    char sql[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vformat(sql, sizeof sql, fmt, ap);
    va_end(ap);
    if (n < 0 || mysql_real_query(db, sql, (unsigned long)n) != 0)
        return -1;

    MYSQL_RES *res = mysql_store_result(db);
    if (res == NULL)
        return -1;
    long out = -1;
    MYSQL_ROW row = mysql_fetch_row(res);
    if (row != NULL && row[0] != NULL)
        out = strtol(row[0], NULL, 10);
    mysql_free_result(res);
    return out;
}

int exec_fmt(MYSQL *db, const char *fmt, ...)
{
    char sql[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vformat(sql, sizeof sql, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    return mysql_real_query(db, sql, (unsigned long)n) == 0 ? 0 : -1;
}

MYSQL *db_pool_get(void)
{
    MYSQL *db = NULL;
    pthread_mutex_lock(&pool_mu);
    if (pool_len > 0)
        db = pool[--pool_len];
    pthread_mutex_unlock(&pool_mu);
    if (db != NULL)
        return db;

    db = mysql_init(NULL);
    if (db && !mysql_real_connect(db, "exportdb", "exporter", NULL, "exports", 3306, NULL, 0)) {
        mysql_close(db);
        db = NULL;
    }
    return db;
}

void db_pool_put(MYSQL *db)
{
    pthread_mutex_lock(&pool_mu);
    if (pool_len < POOL_MAX) {
        pool[pool_len++] = db;
        db = NULL;
    }
    pthread_mutex_unlock(&pool_mu);
    if (db)
        mysql_close(db);
}
