#include <cstdio>
#include <string>

#include "pg_session.h"

int printStatus(PgSession &s) {
  std::string v = s.scalar("SELECT max(version) FROM schema_versions");
  std::printf("schema version: %s\n", v.empty() ? "none" : v.c_str());
  return 0;
}

int runRepair(PgSession &s) {
  if (!pgx_advisory_lock_timeout(s.raw(), kMigrationKey, 30)) {
    std::fprintf(stderr, "repair: migration lock busy\n");
    return 2;
  }
  bool ok = s.exec("DELETE FROM schema_versions WHERE version IS NULL");
  if (s.scalar("SELECT pg_advisory_unlock(" + std::to_string(kMigrationKey) +
               ")") != "t") {
    ok = false;
  }
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  PgSession s(argc > 1 ? argv[1] : "service=migrator");
  if (!s.ok()) {
    return 1;
  }
  if (argc > 2 && std::string(argv[2]) == "repair") {
    return runRepair(s);
  }
  return printStatus(s);
}
