#include "pg_lease.h"

#include <cstring>
#include <memory>

namespace search {

namespace {
struct PGresultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
using ResultPtr = std::unique_ptr<PGresult, PGresultDeleter>;
}  // namespace

bool PgLease::scalarBool(const char* sql, bool* out) {
    const std::string k = std::to_string(key_);
    const char* params[] = {k.c_str()};
    ResultPtr res(PQexecParams(conn_, sql, 1, nullptr, params, nullptr, nullptr, 0));
    if (!res) {
        lastError_ = PQerrorMessage(conn_);
        return false;
    }
    if (PQresultStatus(res.get()) != PGRES_TUPLES_OK) {
        lastError_ = PQresultErrorMessage(res.get());
        return false;
    }
    if (PQntuples(res.get()) != 1 || PQgetisnull(res.get(), 0, 0)) {
        lastError_ = "unexpected result shape";
        return false;
    }
    *out = std::strcmp(PQgetvalue(res.get(), 0, 0), "t") == 0;
    return true;
}

bool PgLease::tryAcquire(bool* granted) {
    *granted = false;
    return scalarBool("SELECT pg_try_advisory_lock($1::bigint)", granted);
}

void PgLease::release() {
    bool ignored = false;
    scalarBool("SELECT pg_advisory_unlock($1::bigint)", &ignored);
}

}  // namespace search
