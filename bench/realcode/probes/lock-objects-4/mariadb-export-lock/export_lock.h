#ifndef EXPORT_LOCK_H
#define EXPORT_LOCK_H

#include <mysql/mysql.h>

/* Named server lock (GET_LOCK). Held by the connection, not the process. */
struct export_lock {
    MYSQL *db;
    char name[65];
    int held;
};

void export_lock_init(struct export_lock *l, MYSQL *db, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* 1 when acquired within timeout_s seconds, 0 otherwise. */
int export_lock_acquire(struct export_lock *l, int timeout_s);
void export_lock_release(struct export_lock *l);

#endif
