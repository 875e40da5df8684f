#ifndef ROLLUP_JOBS_H
#define ROLLUP_JOBS_H

#include <stddef.h>
#include <hiredis/hiredis.h>

/* implemented by the reporting sink library */
int sink_write_hourly(const char *bucket, long total);

int rollup_hourly(redisContext *rc, long hour);
int rollup_daily(redisContext *rc, long day);

int apply_monthly_fee(redisContext *rc, const char *account, long fee_cents);
int export_balances(redisContext *rc, const char *path, const char **accounts, size_t n);

#endif
