#pragma once

#include <cstdint>
#include <stdexcept>

#include <libpq-fe.h>

namespace idx {

enum class Acquire { Granted, Denied, Failed };

/// One pg_try_advisory_lock call on `conn`'s session.
Acquire tryAdvisory(PGconn* conn, std::int64_t key);

/// pg_advisory_unlock; returns false if the session did not hold `key`.
bool unlockAdvisory(PGconn* conn, std::int64_t key);

struct NotLeader : std::runtime_error {
  NotLeader() : std::runtime_error("not leader") {}
};

/// Leadership for one indexer role, tied to a dedicated connection.
class Elector {
 public:
  Elector(PGconn* conn, std::int64_t key) : conn_(conn), key_(key) {}

  /// true when this process now leads.
  bool campaign();
  /// Throws NotLeader when another process leads, std::runtime_error on DB failure.
  void campaignOrThrow();
  void resign();

  bool leading() const { return leading_; }
  PGconn* conn() const { return conn_; }

 private:
  PGconn* conn_;
  std::int64_t key_;
  bool leading_ = false;
};

}  // namespace idx
