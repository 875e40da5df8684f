#include "pg_advisory.hpp"

#include <string>

namespace rebal {

namespace {

Expected<bool> boolQuery(PGconn *conn, const char *sql, std::int64_t key) {
    const std::string k = std::to_string(key);
    const char *params[] = {k.c_str()};
    PGresult *res = PQexecParams(conn, sql, 1, nullptr, params, nullptr, nullptr, 0);
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1 ||
        PQgetisnull(res, 0, 0)) {
        std::string why = PQerrorMessage(conn);
        PQclear(res);
        return Expected<bool>::failure(why.empty() ? "unexpected result" : why);
    }
    const bool yes = PQgetvalue(res, 0, 0)[0] == 't';
    PQclear(res);
    return Expected<bool>::success(yes);
}

} // namespace

Expected<bool> tryAdvisory(PGconn *conn, std::int64_t key) {
    return boolQuery(conn, "SELECT pg_try_advisory_lock($1::bigint)", key);
}

Expected<bool> unlockAdvisory(PGconn *conn, std::int64_t key) {
    return boolQuery(conn, "SELECT pg_advisory_unlock($1::bigint)", key);
}

} // namespace rebal
