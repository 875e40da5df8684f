#ifndef USAGE_H
#define USAGE_H

#include <mysql/mysql.h>

long usage_sum(MYSQL *db, const char *account);
int quota_set_used(MYSQL *db, const char *account, long used);
long quota_get_limit(MYSQL *db, const char *account);
int quota_set_limit(MYSQL *db, const char *account, long limit);
int account_archive(MYSQL *db, const char *account);

#endif
