// reconcile: compares an account's balance against the sum of its posted
// journal entries and writes a correction row when they drift apart.

#include "advisory_lock.hpp"
#include "pg_session.hpp"

#include <chrono>
#include <cstdio>
#include <string>

namespace ledger {

namespace {

long long posted_sum(pg_session& db, const std::string& account) {
    const char* params[] = {account.c_str()};
    PGresult* res = PQexecParams(db.raw(),
                                 "SELECT coalesce(sum(amount_cents), 0)::text FROM journal "
                                 "WHERE account_id = $1 AND state = 'posted'",
                                 1, nullptr, params, nullptr, nullptr, 0);
    long long sum = 0;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1)
        sum = std::stoll(PQgetvalue(res, 0, 0));
    PQclear(res);
    return sum;
}

}  // namespace

bool reconcile_account(pg_session& db, const std::string& account) {
    advisory_lock acct(db, advisory_lock::key_for("ledger:account:" + account));
    if (!acct.acquire_within(std::chrono::seconds(5))) return false;

    // Keep posting out while we compare, so the sum and the balance come from
    // the same moment.
    advisory_lock posting(db, advisory_lock::key_for("ledger:posting"));
    if (!posting.acquire_within(std::chrono::seconds(5))) {
        acct.release();
        return false;
    }

    const char* params[] = {account.c_str()};
    long balance = db.query_int("SELECT balance_cents FROM accounts WHERE id = $1", 1, params);
    long long expected = posted_sum(db, account);

    bool ok = true;
    if (balance >= 0 && balance != expected) {
        const std::string diff = std::to_string(expected - balance);
        const char* fix[] = {account.c_str(), diff.c_str()};
        ok = db.exec("INSERT INTO corrections(account_id, delta_cents, created_at) "
                     "VALUES ($1, $2::bigint, now())",
                     2, fix);
    }

    posting.release();
    acct.release();
    return ok;
}

// Recomputes cached statement totals for one account.
bool refresh_statement_totals(pg_session& db, const std::string& account) {
    advisory_lock stmt(db, advisory_lock::key_for("ledger:statement:" + account));
    return stmt.run_locked(std::chrono::seconds(3), [&] {
        long long total = posted_sum(db, account);
        const std::string t = std::to_string(total);
        const char* params[] = {account.c_str(), t.c_str()};
        db.exec("INSERT INTO statement_totals(account_id, total_cents) VALUES ($1, $2::bigint) "
                "ON CONFLICT (account_id) DO UPDATE SET total_cents = EXCLUDED.total_cents",
                2, params);
    });
}

}  // namespace ledger
