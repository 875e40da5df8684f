// backfill.cpp -- data backfills that must not run concurrently per region.
#include <chrono>
#include <iostream>
#include <string>

#include "advisory_lock.h"

namespace {

struct UnlockAtExit
{
    AdvisoryLock &lock;
    ~UnlockAtExit() { lock.unlock(); }
};

long updateBatch(PGconn *conn, const std::string &region, int batch)
{
    const std::string sql =
        "UPDATE orders SET region_code = upper(region) WHERE id IN ("
        "SELECT id FROM orders WHERE region = $1 AND region_code IS NULL LIMIT " +
        std::to_string(batch) + ")";
    const char *params[1] = {region.c_str()};
    PGresult *res = PQexecParams(conn, sql.c_str(), 1, nullptr, params, nullptr, nullptr, 0);
    long n = -1;
    if (PQresultStatus(res) == PGRES_COMMAND_OK)
        n = std::stol(PQcmdTuples(res));
    PQclear(res);
    return n;
}

} // namespace

long backfillSegments(AdvisoryLock &held, PGconn *conn, const std::string &region, int batch)
{
    long total = 0;
    for (;;) {
        if (!held.isHeld())
            return -1;
        const long n = updateBatch(conn, region, batch);
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        total += n;
    }
    return total;
}

long backfillRegion(PGconn *conn, const std::string &region)
{
    using namespace std::chrono_literals;
    AdvisoryLock lock(conn, "backfill:" + region);
    if (!lock.lockWithin(10s)) {
        std::clog << "backfill " << region << ": already running\n";
        return 0;
    }
    UnlockAtExit guard{lock};

    const long n = backfillSegments(lock, conn, region, 5000);
    if (n < 0)
        std::cerr << "backfill " << region << ": failed\n";
    return n;
}

void snapshotDailyRevenue(PGconn *conn)
{
    AdvisoryLock lock(conn, "revenue-snapshot");
    lock.tryLock();

    PGresult *res = PQexec(conn, "INSERT INTO revenue_snapshots(day, amount) "
                                 "SELECT current_date, sum(total) FROM orders "
                                 "WHERE created_at::date = current_date");
    if (PQresultStatus(res) != PGRES_COMMAND_OK)
        std::cerr << "snapshot: " << PQerrorMessage(conn);
    PQclear(res);

    lock.unlock();
}
