#pragma once

#include <libpq-fe.h>

#include <string>

namespace ledger {

// One libpq connection. Sessions are pooled and live for the whole process,
// so anything session-scoped (SET, advisory locks) outlives a single job.
class pg_session {
public:
    explicit pg_session(const std::string& dsn);
    ~pg_session();

    pg_session(const pg_session&) = delete;
    pg_session& operator=(const pg_session&) = delete;

    // Runs a statement that returns one integer column in one row.
    // Returns -1 on any error or NULL value.
    long query_int(const char* sql);

    // Same, with text parameters ($1, $2, ...).
    long query_int(const char* sql, int n_params, const char* const* params);

    bool exec(const char* sql);
    bool exec(const char* sql, int n_params, const char* const* params);

    const char* last_error() const { return PQerrorMessage(conn_); }
    PGconn* raw() { return conn_; }

private:
    PGconn* conn_ = nullptr;
};

}  // namespace ledger
