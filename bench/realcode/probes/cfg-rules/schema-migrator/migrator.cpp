#include "pg_session.h"

#include <stdexcept>
#include <string>
#include <vector>

struct Migration {
  int version;
  std::string sql;
};

struct MigrationError : std::runtime_error {
  explicit MigrationError(const std::string &m) : std::runtime_error(m) {}
};

static void applyMigration(PgSession &s, const Migration &m) {
  if (!s.exec(m.sql)) {
    throw MigrationError("migration " + std::to_string(m.version) + " failed");
  }
  s.exec("INSERT INTO schema_versions VALUES (" + std::to_string(m.version) + ")");
}

static const std::string kLock = "SELECT pg_advisory_lock(" + std::to_string(kMigrationKey) + ")";
static const std::string kUnlock = "SELECT pg_advisory_unlock(" + std::to_string(kMigrationKey) + ")";

bool migrateAll(PgSession &s, const std::vector<Migration> &pending) {
  if (!s.exec("SET lock_timeout = '30s'") || !s.exec(kLock)) {
    return false;
  }
  for (const Migration &m : pending) {
    applyMigration(s, m);
  }
  return s.scalar(kUnlock) == "t";
}

bool migrateGuarded(PgSession &s, const std::vector<Migration> &pending) {
  SessionLockGuard guard(s, kMigrationKey);
  if (!guard.tryAcquire()) {
    return false;
  }
  for (const Migration &m : pending) {
    applyMigration(s, m);
  }
  return true;
}

bool migrateInTransaction(PgSession &s, const Migration &m) {
  if (!s.exec("BEGIN")) {
    return false;
  }
  if (!s.exec("SET LOCAL lock_timeout = '10s'") ||
      !s.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationKey) + ")")) {
    s.exec("ROLLBACK");
    return false;
  }
  try {
    applyMigration(s, m);
  } catch (const MigrationError &) {
    s.exec("ROLLBACK");
    throw;
  }
  return s.exec("COMMIT");
}

bool waitForMigrations(const std::string &conninfo) {
  PgSession reader(conninfo);
  if (!reader.ok()) {
    return false;
  }
  if (!reader.exec("SELECT pg_advisory_lock_shared(" + std::to_string(kMigrationKey) + ")")) {
    return false;
  }
  return reader.scalar("SELECT pg_advisory_unlock_shared(" +
                       std::to_string(kMigrationKey) + ")") == "t";
}
