#include "pg_lock.h"

#include <cstring>
#include <iostream>
#include <memory>

namespace audit {
namespace {

struct ResultDeleter {
    void operator()(PGresult *r) const { PQclear(r); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

ResultPtr runWithKey(PGconn *conn, const char *sql, std::int64_t key) {
    const std::string k = std::to_string(key);
    const char *values[1] = {k.c_str()};
    return ResultPtr(PQexecParams(conn, sql, 1, nullptr, values, nullptr, nullptr, 0));
}

}  // namespace

const char *toString(LockOutcome o) {
    switch (o) {
        case LockOutcome::Acquired: return "acquired";
        case LockOutcome::Contended: return "contended";
        case LockOutcome::Failed: return "failed";
    }
    return "?";
}

LockOutcome PgAdvisoryLock::tryAcquire(std::int64_t key) {
    ResultPtr res = runWithKey(conn_, "SELECT pg_try_advisory_lock($1::bigint)", key);
    if (!res || PQresultStatus(res.get()) != PGRES_TUPLES_OK || PQntuples(res.get()) != 1) {
        std::cerr << "advisory lock " << key << ": " << PQerrorMessage(conn_);
        return LockOutcome::Failed;
    }
    return std::strcmp(PQgetvalue(res.get(), 0, 0), "t") == 0 ? LockOutcome::Acquired
                                                              : LockOutcome::Contended;
}

bool PgAdvisoryLock::release(std::int64_t key) {
    ResultPtr res = runWithKey(conn_, "SELECT pg_advisory_unlock($1::bigint)", key);
    if (!res || PQresultStatus(res.get()) != PGRES_TUPLES_OK) {
        std::cerr << "advisory unlock " << key << ": " << PQerrorMessage(conn_);
        return false;
    }
    return std::strcmp(PQgetvalue(res.get(), 0, 0), "t") == 0;
}

}  // namespace audit
