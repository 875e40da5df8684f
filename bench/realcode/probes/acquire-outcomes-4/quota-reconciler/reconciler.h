#ifndef RECONCILER_H
#define RECONCILER_H

#include <mysql/mysql.h>

struct reconciler {
    MYSQL *db;
    int lock_wait_s;
};

int reconcile_account(struct reconciler *rc, const char *account);
int reset_monthly(struct reconciler *rc, const char *account);
int bump_limit(struct reconciler *rc, const char *account, long delta);
int close_account(struct reconciler *rc, const char *account);

#endif
