#ifndef EXPORTER_MYLOCK_H
#define EXPORTER_MYLOCK_H

#include <mysql/mysql.h>

/* Named MySQL user lock (GET_LOCK / RELEASE_LOCK), tied to one connection. */
struct mylock {
    MYSQL *db;
    char name[64];
    int timeout_s;
    int held;
};

void mylock_init(struct mylock *l, MYSQL *db, const char *name, int timeout_s);

/* 1 = got it, 0 = timed out, -1 = error */
int mylock_get(struct mylock *l);
int mylock_get_blocking(struct mylock *l);
int mylock_release(struct mylock *l);

#endif
