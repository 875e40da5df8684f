#ifndef BILLING_ROLLUP_H
#define BILLING_ROLLUP_H

#include <libpq-fe.h>

#define ROLLUP_LOCK_DAY    0x42494c4c01LL
#define ROLLUP_LOCK_MONTH  0x42494c4c02LL
#define ROLLUP_LOCK_PERIOD 0x42494c4c03LL
#define ROLLUP_LOCK_ALL    0x42494c4c04LL

int rollup_day(PGconn *lockconn, PGconn *data, const char *day);
int rollup_month(PGconn *lockconn, PGconn *data, const char *month);
int rebuild_all(PGconn *lockconn, PGconn *data);
int close_period(PGconn *lockconn, PGconn *data, const char *period);

#endif
