// rollup_jobs.cpp -- periodic ledger aggregation jobs.
//
// Several rollup workers run behind the scheduler; each job takes a
// MariaDB named lock per period so only one of them writes the summary rows.
#include "named_lock.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace ledger {
namespace {

bool exec(MYSQL* db, const std::string& sql) {
    if (mysql_query(db, sql.c_str()) != 0) {
        std::fprintf(stderr, "rollup: %s\n", mysql_error(db));
        return false;
    }
    if (MYSQL_RES* r = mysql_store_result(db)) mysql_free_result(r);
    return true;
}

bool aggregate(MYSQL* db, const std::string& table, const std::string& period) {
    return exec(db, "REPLACE INTO " + table +
                    " (period, account_id, debit, credit) "
                    "SELECT '" + period + "', account_id, SUM(debit), SUM(credit) "
                    "FROM journal WHERE period_key LIKE '" + period + "%' "
                    "GROUP BY account_id");
}

}  // namespace

bool rollupDay(MYSQL* db, const std::string& day) {
    NamedLock lk(db, "ledger.rollup.day." + day);
    int held = 0;
    if (!lk.request(5, &held)) {
        std::fprintf(stderr, "rollupDay %s: could not talk to lock service\n",
                     day.c_str());
        return false;
    }
    bool ok = aggregate(db, "ledger_daily", day);
    lk.release();
    return ok;
}

bool rollupMonth(MYSQL* db, const std::string& month) {
    NamedLock lk(db, "ledger.rollup.month." + month);
    int held = 0;
    if (!lk.request(5, &held) || !held) {
        return false;
    }
    bool ok = aggregate(db, "ledger_monthly", month);
    lk.release();
    return ok;
}

bool rollupQuarter(MYSQL* db, const std::string& quarter) {
    NamedLock lk(db, "ledger.rollup.quarter." + quarter);
    LockStatus st = lk.acquire(10);
    if (st == LockStatus::Error) {
        return false;
    }
    bool ok = aggregate(db, "ledger_quarterly", quarter);
    lk.release();
    return ok;
}

// Year-end close must happen exactly once; we wait for whoever is in there.
bool closeBooks(MYSQL* db, const std::string& year) {
    NamedLock lk(db, "ledger.close." + year);
    while (lk.acquire(2) != LockStatus::Held) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    bool ok = aggregate(db, "ledger_yearly", year) &&
              exec(db, "UPDATE fiscal_years SET closed = 1 WHERE y = '" + year + "'");
    lk.release();
    return ok;
}

bool rebuildBalances(MYSQL* db, const std::string& account) {
    NamedLock lk(db, "ledger.balance." + account);
    LockStatus st = LockStatus::Busy;
    for (int attempt = 0; attempt < 5; ++attempt) {
        st = lk.acquire(1);
        if (st != LockStatus::Busy) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200 << attempt));
    }
    if (st != LockStatus::Held) {
        return false;
    }
    bool ok = exec(db, "REPLACE INTO balances SELECT account_id, SUM(credit) - SUM(debit) "
                       "FROM journal WHERE account_id = '" + account + "'");
    lk.release();
    return ok;
}

bool postAdjustments(MYSQL* db, const std::string& day,
                     const std::vector<std::string>& adjustments) {
    NamedLock lk(db, "ledger.rollup.day." + day);
    if (lk.acquire(5) != LockStatus::Held) {
        return false;
    }
    if (adjustments.empty()) {
        return true;
    }
    for (const auto& a : adjustments) {
        if (!exec(db, "INSERT INTO journal_adjustments (day, payload) VALUES ('" +
                          day + "', '" + a + "')")) {
            break;
        }
    }
    bool ok = aggregate(db, "ledger_daily", day);
    lk.release();
    return ok;
}

}  // namespace ledger
