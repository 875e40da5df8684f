#include "pg_session_lock.h"

#include <string>
#include <string_view>

namespace idx {

namespace {

struct Result {
  PGresult* res;
  explicit Result(PGresult* r) : res(r) {}
  ~Result() { PQclear(res); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  bool tuplesOk() const { return PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1; }
  std::string_view first() const { return PQgetvalue(res, 0, 0); }
};

Result keyQuery(PGconn* conn, const char* sql, std::int64_t key) {
  const std::string k = std::to_string(key);
  const char* params[] = {k.c_str()};
  return Result(PQexecParams(conn, sql, 1, nullptr, params, nullptr, nullptr, 0));
}

}  // namespace

Acquire tryAdvisory(PGconn* conn, std::int64_t key) {
  Result r = keyQuery(conn, "SELECT pg_try_advisory_lock($1::bigint)", key);
  if (!r.tuplesOk()) return Acquire::Failed;
  return r.first() == "t" ? Acquire::Granted : Acquire::Denied;
}

bool unlockAdvisory(PGconn* conn, std::int64_t key) {
  Result r = keyQuery(conn, "SELECT pg_advisory_unlock($1::bigint)", key);
  return r.tuplesOk() && r.first() == "t";
}

bool Elector::campaign() {
  if (leading_) return true;
  leading_ = tryAdvisory(conn_, key_) == Acquire::Granted;
  return leading_;
}

void Elector::campaignOrThrow() {
  if (leading_) return;
  switch (tryAdvisory(conn_, key_)) {
    case Acquire::Granted:
      leading_ = true;
      return;
    case Acquire::Denied:
      throw NotLeader();
    case Acquire::Failed:
      throw std::runtime_error(PQerrorMessage(conn_));
  }
}

void Elector::resign() {
  if (!leading_) return;
  unlockAdvisory(conn_, key_);
  leading_ = false;
}

}  // namespace idx
