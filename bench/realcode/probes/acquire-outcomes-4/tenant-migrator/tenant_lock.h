#pragma once

#include <libpq-fe.h>

// Thin wrapper over one pooled connection.
class PgSession {
public:
    explicit PgSession(PGconn *conn) : conn_(conn) {}

    // Runs a single-value query and returns the value as a number
    // (booleans come back as 1/0).  Returns -1 if the query failed.
    long queryInt(const char *sql);
    PGconn *raw() { return conn_; }

private:
    PGconn *conn_;
};

// Session-level advisory lock on (migration class, tenant id).
class TenantLock {
public:
    TenantLock(PgSession &db, long tenantId) : db_(db), key_(tenantId) {}

    long tryLock();            // 1 acquired, 0 held elsewhere, -1 query failed
    bool unlock();

    bool tryLockShared();      // exporters run concurrently with each other
    bool unlockShared();

private:
    PgSession &db_;
    long key_;
};
