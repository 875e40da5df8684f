#include "pg_lease.hpp"

#include <cstdio>
#include <cstdlib>

namespace billing {

namespace {

const char* const kAcquireSql =
    "INSERT INTO job_leases (name, owner, expires_at, fence) "
    "VALUES ($1, $2, now() + make_interval(secs => $3::int), 1) "
    "ON CONFLICT (name) DO UPDATE "
    "   SET owner = EXCLUDED.owner, "
    "       expires_at = EXCLUDED.expires_at, "
    "       fence = job_leases.fence + 1 "
    " WHERE job_leases.expires_at < now() "
    "RETURNING fence";

}  // namespace

PgLease::PgLease(PGconn* conn, std::string name, std::string owner, int ttlSeconds)
    : conn_(conn), name_(std::move(name)), owner_(std::move(owner)), ttl_(std::to_string(ttlSeconds)) {}

bool PgLease::tryAcquire() {
  const char* params[3] = {name_.c_str(), owner_.c_str(), ttl_.c_str()};
  PGresult* res = PQexecParams(conn_, kAcquireSql, 3, nullptr, params, nullptr, nullptr, 0);
  bool got = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
  if (got) fence_ = std::strtoll(PQgetvalue(res, 0, 0), nullptr, 10);
  PQclear(res);
  return got;
}

bool PgLease::renew() {
  const char* params[2] = {name_.c_str(), ttl_.c_str()};
  PGresult* res = PQexecParams(conn_, "UPDATE job_leases SET expires_at = now() + make_interval(secs => $2::int) WHERE name = $1",
                               2, nullptr, params, nullptr, nullptr, 0);
  bool ok = PQresultStatus(res) == PGRES_COMMAND_OK && std::atoi(PQcmdTuples(res)) == 1;
  PQclear(res);
  return ok;
}

void PgLease::release() {
  const char* params[2] = {name_.c_str(), owner_.c_str()};
  PGresult* res = PQexecParams(conn_, "DELETE FROM job_leases WHERE name = $1 AND owner = $2",
                               2, nullptr, params, nullptr, nullptr, 0);
  if (PQresultStatus(res) != PGRES_COMMAND_OK)
    std::fprintf(stderr, "lease %s: release failed: %s", name_.c_str(), PQerrorMessage(conn_));
  PQclear(res);
}

}  // namespace billing
