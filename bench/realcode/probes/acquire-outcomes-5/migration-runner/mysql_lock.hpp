// mysql_lock.hpp
//
// Named locks (GET_LOCK / RELEASE_LOCK) for the migration runner.  The lock
// belongs to the MySQL session, so it lasts as long as the connection does.
#ifndef MIGRATION_MYSQL_LOCK_HPP
#define MIGRATION_MYSQL_LOCK_HPP

#include <mysql.h>

#include <stdexcept>
#include <string>

namespace mig {

struct LockError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct LockBusy : LockError {
    using LockError::LockError;
};

// Raw cell of SELECT GET_LOCK(name, timeout): "1" granted, "0" timed out,
// "" when the server returned NULL.  Throws LockError if the query fails.
std::string getLockCell(MYSQL *db, const std::string &name, int timeoutSec);

// Returns normally only when the lock is held.  Throws LockBusy on timeout,
// LockError on any other failure.
void acquireOrThrow(MYSQL *db, const std::string &name, int timeoutSec);

void releaseNamed(MYSQL *db, const std::string &name) noexcept;

} // namespace mig

#endif
