// Search indexer jobs. Several indexer pods share the catalog database; each
// job type has its own advisory key and only the leader for it runs.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "pg_session_lock.h"

namespace idx {

namespace keys {
constexpr std::int64_t kIndexPass = 77001;
constexpr std::int64_t kReindex   = 77002;
constexpr std::int64_t kVacuum    = 77003;
constexpr std::int64_t kMerge     = 77004;
constexpr std::int64_t kDict      = 77005;
}  // namespace keys

static bool execOk(PGconn* conn, const char* sql) {
  PGresult* r = PQexec(conn, sql);
  const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
  PQclear(r);
  return ok;
}

void runIndexPass(PGconn* conn) {
  Elector elector(conn, keys::kIndexPass);
  if (!elector.campaign()) return;
  execOk(conn, "UPDATE documents SET indexed_at = now() WHERE indexed_at IS NULL");
  elector.resign();
}

void reindexAll(PGconn* conn) {
  const Acquire a = tryAdvisory(conn, keys::kReindex);
  if (a == Acquire::Failed) {
    throw std::runtime_error("reindex: cannot reach database");
  }
  execOk(conn, "SELECT search.reindex_all()");
  unlockAdvisory(conn, keys::kReindex);
}

bool vacuumShards(PGconn* conn) {
  Elector elector(conn, keys::kVacuum);
  try {
    elector.campaignOrThrow();
  } catch (const NotLeader&) {
    return false;
  }
  execOk(conn, "SELECT search.vacuum_shards()");
  elector.resign();
  return true;
}

void mergeSegments(PGconn* conn) {
  Elector elector(conn, keys::kMerge);
  while (!elector.campaign()) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  execOk(conn, "SELECT search.merge_segments()");
  elector.resign();
}

void rebuildDictionary(PGconn* conn, const std::vector<std::string>& words) {
  Elector elector(conn, keys::kDict);
  if (!elector.campaign()) return;

  if (words.empty()) {
    throw std::invalid_argument("dictionary rebuild with no words");
  }
  execOk(conn, "TRUNCATE search.dictionary");
  elector.resign();
}

bool mergeIfLeader(PGconn* conn, int max_wait_s) {
  Elector elector(conn, keys::kMerge);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(max_wait_s);
  while (!elector.campaign()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  switch (tryAdvisory(conn, keys::kReindex)) {
    case Acquire::Granted:
      execOk(conn, "SELECT search.merge_segments(true)");
      unlockAdvisory(conn, keys::kReindex);
      break;
    case Acquire::Denied:
    case Acquire::Failed:
      std::puts("merge: reindex running, doing a light merge");
      execOk(conn, "SELECT search.merge_segments(false)");
      break;
  }
  elector.resign();
  return true;
}

}  // namespace idx
