#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "advisory_lock.hpp"

namespace {

std::mutex g_batchMutex;

long nextBatchNumber(PGconn *conn)
{
    std::lock_guard<std::mutex> guard(g_batchMutex);

    PGresult *res = PQexec(conn, "SELECT COALESCE(MAX(batch), 0) FROM schema_migrations");
    long batch = 0;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1)
        batch = std::strtol(PQgetvalue(res, 0, 0), nullptr, 10);
    PQclear(res);

    std::string sql = "INSERT INTO migration_batches (batch, started_at) VALUES (" + std::to_string(batch + 1) + ", now())";
    PQclear(PQexec(conn, sql.c_str()));
    return batch + 1;
}

}  // namespace

// Every app instance runs this at boot; only one should migrate, the
// others wait for it to finish.
int applyPendingMigrations(PGconn *conn, const std::vector<std::string> &statements)
{
    long batch = nextBatchNumber(conn);

    AdvisoryLock lk(conn, locks::kMigrations);
    if (!lk.lock()) {
        std::fprintf(stderr, "migrator: %s", PQerrorMessage(conn));
        return -1;
    }

    for (const auto &stmt : statements) {
        PGresult *res = PQexec(conn, stmt.c_str());
        if (PQresultStatus(res) != PGRES_COMMAND_OK) {
            std::fprintf(stderr, "migrator: batch %ld failed: %s", batch, PQerrorMessage(conn));
            PQclear(res);
            lk.unlock();
            return -1;
        }
        PQclear(res);
    }
    lk.unlock();
    return 0;
}
