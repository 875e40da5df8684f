// Retention: drops archived partitions past the legal hold period and
// compacts the partition index.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <thread>

#include "pg_lock.h"

namespace audit {

struct RetentionConfig {
    int holdDays = 2555;  // 7 years
    std::chrono::seconds pollInterval{15};
};

class Retention {
public:
    Retention(PgAdvisoryLock &lock, RetentionConfig cfg) : lock_(lock), cfg_(cfg) {}

    int purgeExpired();
    void compactIndex();

private:
    static constexpr std::int64_t kPurgeKey = 0x52455450;    // "RETP"
    static constexpr std::int64_t kCompactKey = 0x52455443;  // "RETC"

    bool exec(const std::string &sql);

    PgAdvisoryLock &lock_;
    RetentionConfig cfg_;
};

bool Retention::exec(const std::string &sql) {
    PGresult *res = PQexec(lock_.connection(), sql.c_str());
    const ExecStatusType st = PQresultStatus(res);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        std::cerr << "retention: " << PQresultErrorMessage(res);
    }
    PQclear(res);
    return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

int Retention::purgeExpired() {
    AdvisoryGuard guard(lock_, kPurgeKey);
    if (guard.outcome() != LockOutcome::Acquired) {
        std::cerr << "purge: lock " << toString(guard.outcome()) << '\n';
        return 0;
    }
    if (!exec("SELECT audit.assert_no_legal_holds()")) {
        return -1;
    }
    const std::string sql = "SELECT audit.drop_partitions_older_than(" + std::to_string(cfg_.holdDays) + ")";
    return exec(sql) ? 1 : -1;
}

void Retention::compactIndex() {
    while (lock_.tryAcquire(kCompactKey) != LockOutcome::Acquired) {
        std::this_thread::sleep_for(cfg_.pollInterval);
    }
    exec("REINDEX TABLE CONCURRENTLY audit.partition_index");
    lock_.release(kCompactKey);
}

}  // namespace audit
