#pragma once

#include "expected.hpp"

#include <cstdint>
#include <libpq-fe.h>

namespace rebal {

// pg_try_advisory_lock on the given session.
//   ok() == false    -> the query failed, error() says why
//   value() == true  -> lock taken by this session
//   value() == false -> some other session holds it
Expected<bool> tryAdvisory(PGconn *conn, std::int64_t key);

// pg_advisory_unlock; value() true when we held it.
Expected<bool> unlockAdvisory(PGconn *conn, std::int64_t key);

} // namespace rebal
