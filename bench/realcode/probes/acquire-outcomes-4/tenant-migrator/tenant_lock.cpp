#include "tenant_lock.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
constexpr int kMigrationClass = 4107;
}

long PgSession::queryInt(const char *sql) {
    PGresult *res = PQexec(conn_, sql);
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1 ||
        PQgetisnull(res, 0, 0)) {
        std::fprintf(stderr, "query failed: %s", PQerrorMessage(conn_));
        PQclear(res);
        return -1;
    }
    const char *v = PQgetvalue(res, 0, 0);
    long out = v[0] == 't' ? 1 : v[0] == 'f' ? 0 : std::strtol(v, nullptr, 10);
    PQclear(res);
    return out;
}

long TenantLock::tryLock() {
    char sql[96];
    std::snprintf(sql, sizeof sql, "SELECT pg_try_advisory_lock(%d, %ld)",
                  kMigrationClass, key_);
    return db_.queryInt(sql);
}

bool TenantLock::unlock() {
    char sql[96];
    std::snprintf(sql, sizeof sql, "SELECT pg_advisory_unlock(%d, %ld)",
                  kMigrationClass, key_);
    return db_.queryInt(sql) == 1;
}

bool TenantLock::tryLockShared() {
    std::string a = std::to_string(kMigrationClass);
    std::string b = std::to_string(key_);
    const char *params[2] = {a.c_str(), b.c_str()};
    PGresult *res = PQexecParams(db_.raw(),
                                 "SELECT pg_try_advisory_lock_shared($1::int, $2::int)",
                                 2, nullptr, params, nullptr, nullptr, 0);
    bool held = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
                PQgetvalue(res, 0, 0)[0] == 't';
    PQclear(res);
    return held;
}

bool TenantLock::unlockShared() {
    char sql[96];
    std::snprintf(sql, sizeof sql, "SELECT pg_advisory_unlock_shared(%d, %ld)",
                  kMigrationClass, key_);
    return db_.queryInt(sql) == 1;
}
