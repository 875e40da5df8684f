#include <mysql/mysql.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "generated/quota.pb.h"

static void logReport(const quota::v1::UsageReport &report) {
  std::fprintf(stderr, "report: tenants=%d bytes=%lld\n",
               report.tenants_size(), (long long)report.total_bytes());
}

static bool runSql(MYSQL *db, const char *sql) {
  if (mysql_query(db, sql) != 0) {
    return false;
  }
  MYSQL_RES *res = mysql_store_result(db);
  if (res != nullptr) {
    mysql_free_result(res);
  }
  return true;
}

static long scalar(MYSQL *db, const char *sql) {
  long v = -1;
  if (mysql_query(db, sql) != 0) {
    return -1;
  }
  MYSQL_RES *res = mysql_store_result(db);
  if (res == nullptr) {
    return -1;
  }
  MYSQL_ROW row = mysql_fetch_row(res);
  if (row != nullptr && row[0] != nullptr) {
    v = std::atol(row[0]);
  }
  mysql_free_result(res);
  return v;
}

bool writeDailyReport(MYSQL *db) {
  if (scalar(db, "SELECT GET_LOCK('quota_report_daily', -1)") != 1) {
    return false;
  }
  if (!runSql(db, "INSERT INTO quota_reports SELECT CURDATE(), * FROM usage")) {
    return false;
  }
  quota::v1::UsageReport report;
  report.set_total_bytes(scalar(db, "SELECT SUM(bytes) FROM usage"));
  logReport(report);
  return scalar(db, "SELECT RELEASE_LOCK('quota_report_daily')") == 1;
}

bool writeHourlyReport(MYSQL *db) {
  if (scalar(db, "SELECT GET_LOCK('quota_report_hourly', 15)") != 1) {
    return false;
  }
  bool ok = runSql(db, "INSERT INTO quota_hourly SELECT NOW(), * FROM usage");
  if (scalar(db, "SELECT RELEASE_LOCK('quota_report_hourly')") != 1) {
    ok = false;
  }
  return ok;
}
