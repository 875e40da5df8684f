#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <string>

namespace search {

// Advisory lock on the shared catalog database, one per index.
class PgLease {
public:
    PgLease(PGconn* conn, int64_t indexId) : conn_(conn), key_(0x5EA7C400000000LL | indexId) {}

    // Sends pg_try_advisory_lock.  Returns false if the round trip failed
    // (lastError() says why).  On success *granted tells whether the
    // advisory lock is now held by this session.
    bool tryAcquire(bool* granted);
    void release();

    const std::string& lastError() const { return lastError_; }
    int64_t key() const { return key_; }

private:
    bool scalarBool(const char* sql, bool* out);

    PGconn* conn_;
    int64_t key_;
    std::string lastError_;
};

}  // namespace search
