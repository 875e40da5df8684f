#include <cstdio>
#include <string>
#include <vector>

#include "advisory_lock.hpp"

int reindexTables(PGconn *conn, const std::vector<std::string> &tables)
{
    AdvisoryLock lk(conn, locks::kReindex);
    lk.tryLock();

    int done = 0;
    for (const auto &t : tables) {
        std::string sql = "REINDEX TABLE CONCURRENTLY " + t;
        PGresult *res = PQexec(conn, sql.c_str());
        if (PQresultStatus(res) == PGRES_COMMAND_OK)
            ++done;
        PQclear(res);
    }
    lk.unlock();
    return done;
}

int refreshRollups(PGconn *conn)
{
    AdvisoryLock lk(conn, locks::kRollups);
    if (!lk.lockWithTimeout(5000)) {
        std::fprintf(stderr, "rollups: another refresher is active\n");
        return 0;
    }

    PGresult *res = PQexec(conn, "UPDATE daily_rollups r SET total = s.total FROM staging_rollups s WHERE s.day = r.day");
    int ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    PQclear(res);

    lk.unlock();
    return ok;
}
