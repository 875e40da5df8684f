#pragma once

#include <mysql/mysql.h>

namespace loyalty {

void accrue(MYSQL *db, long memberId);
void expireBalances(MYSQL *db);
void redeem(MYSQL *db, long memberId, long points);
bool loadTierRules(MYSQL *db);
void recalcTiers(MYSQL *db);
void merge(MYSQL *db, long from, long into);

}  // namespace loyalty
