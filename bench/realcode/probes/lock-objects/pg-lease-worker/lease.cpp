#include "lease.h"

#include <cstdlib>
#include <cstring>
#include <utility>

namespace payouts {

Lease::Lease(PGconn* conn, std::string name, std::string owner)
    : conn_(conn), key_(std::move(name)), owner_(std::move(owner)) {}

bool Lease::acquire(int ttl_sec) {
  std::string ttl = std::to_string(ttl_sec);
  const char* params[3] = {key_.c_str(), owner_.c_str(), ttl.c_str()};
  PGresult* res = PQexecParams(conn_,
      "UPDATE job_leases SET owner = $2, fence = fence + 1, "
      "expires_at = now() + make_interval(secs => $3::int) "
      "WHERE name = $1 AND (owner IS NULL OR expires_at < now()) "
      "RETURNING fence",
      3, nullptr, params, nullptr, nullptr, 0);
  bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
  if (ok) fence_ = std::atoll(PQgetvalue(res, 0, 0));
  PQclear(res);
  return ok;
}

bool Lease::renew(int ttl_sec) {
  std::string ttl = std::to_string(ttl_sec);
  const char* params[3] = {key_.c_str(), owner_.c_str(), ttl.c_str()};
  PGresult* res = PQexecParams(conn_,
      "UPDATE job_leases SET expires_at = now() + make_interval(secs => $3::int) "
      "WHERE name = $1 AND owner = $2 AND expires_at > now()",
      3, nullptr, params, nullptr, nullptr, 0);
  bool ok = PQresultStatus(res) == PGRES_COMMAND_OK && std::strcmp(PQcmdTuples(res), "1") == 0;
  PQclear(res);
  return ok;
}

void Lease::release() {
  const char* params[1] = {key_.c_str()};
  PGresult* res = PQexecParams(conn_,
      "UPDATE job_leases SET owner = NULL, expires_at = NULL WHERE name = $1",
      1, nullptr, params, nullptr, nullptr, 0);
  PQclear(res);
}

}  // namespace payouts
