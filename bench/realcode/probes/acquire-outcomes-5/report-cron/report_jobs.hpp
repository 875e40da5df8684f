#ifndef REPORT_CRON_JOBS_HPP
#define REPORT_CRON_JOBS_HPP

#include <mysql.h>

namespace reports {

// Renderers live in the reporting library; they read and write report tables.
void renderDaily(MYSQL *db);
void renderWeekly(MYSQL *db);
void renderMonthly(MYSQL *db);
void renderQuarterly(MYSQL *db);
void renderAdhoc(MYSQL *db, int reportId);

bool runDaily(MYSQL *db);
bool runWeekly(MYSQL *db);
bool runMonthly(MYSQL *db);
bool runQuarterly(MYSQL *db);
bool runAdhoc(MYSQL *db, int reportId);

} // namespace reports

#endif
