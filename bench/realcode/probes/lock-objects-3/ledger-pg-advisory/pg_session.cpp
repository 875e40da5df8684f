#include "pg_session.hpp"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace ledger {

namespace {

long first_int(PGresult* res) {
    long v = -1;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 && PQnfields(res) >= 1 &&
        !PQgetisnull(res, 0, 0)) {
        v = std::atol(PQgetvalue(res, 0, 0));
    }
    PQclear(res);
    return v;
}

}  // namespace

pg_session::pg_session(const std::string& dsn) {
    conn_ = PQconnectdb(dsn.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
        std::string msg = PQerrorMessage(conn_);
        PQfinish(conn_);
        conn_ = nullptr;
        throw std::runtime_error("ledger: connect failed: " + msg);
    }
}

pg_session::~pg_session() {
    if (conn_) PQfinish(conn_);
}

long pg_session::query_int(const char* sql) {
    PGresult* res = PQexec(conn_, sql);
    if (res == nullptr) return -1;
    long v = first_int(res);
    if (v < 0) std::fprintf(stderr, "ledger: query_int(%s): %s", sql, PQerrorMessage(conn_));
    return v;
}

long pg_session::query_int(const char* sql, int n_params, const char* const* params) {
    PGresult* res = PQexecParams(conn_, sql, n_params, nullptr, params, nullptr, nullptr, 0);
    if (res == nullptr) return -1;
    return first_int(res);
}

bool pg_session::exec(const char* sql) {
    return exec(sql, 0, nullptr);
}

bool pg_session::exec(const char* sql, int n_params, const char* const* params) {
    PGresult* res = PQexecParams(conn_, sql, n_params, nullptr, params, nullptr, nullptr, 0);
    ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    bool ok = (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK);
    if (!ok) std::fprintf(stderr, "ledger: exec failed: %s", PQerrorMessage(conn_));
    PQclear(res);
    return ok;
}

}  // namespace ledger
