// posting_job: moves journal entries from 'pending' to 'posted' and applies
// them to account balances. Runs every few seconds on each ledger worker.

#include "advisory_lock.hpp"
#include "pg_session.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace ledger {

namespace {

constexpr const char* kPostingLock = "ledger:posting";

struct pending_entry {
    std::string id;
    std::string account;
    std::string amount_cents;
};

std::vector<pending_entry> load_pending(pg_session& db, int limit) {
    std::vector<pending_entry> out;
    const std::string lim = std::to_string(limit);
    const char* params[] = {lim.c_str()};
    PGresult* res = PQexecParams(db.raw(),
                                 "SELECT id, account_id, amount_cents FROM journal "
                                 "WHERE state = 'pending' ORDER BY id LIMIT $1::int",
                                 1, nullptr, params, nullptr, nullptr, 0);
    if (PQresultStatus(res) == PGRES_TUPLES_OK) {
        for (int i = 0; i < PQntuples(res); ++i) {
            out.push_back({PQgetvalue(res, i, 0), PQgetvalue(res, i, 1), PQgetvalue(res, i, 2)});
        }
    }
    PQclear(res);
    return out;
}

bool apply_entry(pg_session& db, const pending_entry& e) {
    const char* bal[] = {e.amount_cents.c_str(), e.account.c_str()};
    if (!db.exec("UPDATE accounts SET balance_cents = balance_cents + $1::bigint "
                 "WHERE id = $2",
                 2, bal))
        return false;
    const char* mark[] = {e.id.c_str()};
    return db.exec("UPDATE journal SET state = 'posted', posted_at = now() WHERE id = $1", 1, mark);
}

}  // namespace

int post_pending_entries(pg_session& db, int limit) {
    advisory_lock posting(db, advisory_lock::key_for(kPostingLock));
    posting.try_acquire();

    std::vector<pending_entry> batch = load_pending(db, limit);
    int applied = 0;

    for (const pending_entry& e : batch) {
        advisory_lock account(db, advisory_lock::key_for("ledger:account:" + e.account));
        if (!account.acquire_within(std::chrono::seconds(2))) {
            std::fprintf(stderr, "posting: account %s busy, entry %s deferred\n",
                         e.account.c_str(), e.id.c_str());
            continue;
        }
        if (apply_entry(db, e)) ++applied;
        account.release();
    }

    posting.release();
    return applied;
}

// Closes the books for a day; strictly one closer at a time.
bool close_day(pg_session& db, const std::string& day) {
    advisory_lock closer(db, advisory_lock::key_for("ledger:close-day"));
    if (!closer.try_acquire()) {
        std::fprintf(stderr, "close_day: already running elsewhere\n");
        return false;
    }

    const char* params[] = {day.c_str()};
    bool ok = db.exec("INSERT INTO day_close(day, closed_at) VALUES ($1::date, now()) "
                      "ON CONFLICT (day) DO NOTHING",
                      1, params);
    closer.release();
    return ok;
}

}  // namespace ledger
