#ifndef MIGRATION_MIGRATOR_HPP
#define MIGRATION_MIGRATOR_HPP

#include <mysql.h>

namespace mig {

// Schema steps (steps.cpp, outside this probe); they issue DDL/DML on db.
void applyAllPending(MYSQL *db);
void applyHotfixSteps(MYSQL *db);
bool writeVersionStamp(MYSQL *db);  // UPDATE schema_version ...
bool hasHistory(MYSQL *db);
void undoLastStep(MYSQL *db);
void loadSeedRows(MYSQL *db);

bool applyPending(MYSQL *db);
bool applyHotfix(MYSQL *db);
bool stampVersion(MYSQL *db);
bool rollbackLast(MYSQL *db);
bool seedData(MYSQL *db);

} // namespace mig

#endif
