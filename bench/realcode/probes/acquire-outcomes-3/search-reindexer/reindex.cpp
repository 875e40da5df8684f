// reindex.cpp -- rebuilds search shards from the catalog.
//
// Reindexing the same shard from two workers interleaves segment swaps and
// corrupts the alias table, hence the per-index advisory lease.
#include "pg_lease.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace search {

enum class Status { Ok, Busy, Retry, Failed };

namespace {

bool run(PGconn* c, const std::string& sql) {
    PGresult* r = PQexec(c, sql.c_str());
    bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok) std::fprintf(stderr, "reindex: %s", PQerrorMessage(c));
    PQclear(r);
    return ok;
}

bool rebuildShard(PGconn* c, int64_t index, int shard) {
    return run(c, "INSERT INTO shard_segments (index_id, shard, doc_id, terms) "
                  "SELECT " + std::to_string(index) + ", " + std::to_string(shard) +
                  ", id, to_tsvector(body) FROM documents WHERE shard = " +
                  std::to_string(shard));
}

}  // namespace

Status reindexShard(PGconn* c, int64_t index, int shard) {
    PgLease lease(c, index);
    bool granted = false;
    if (!lease.tryAcquire(&granted)) {
        std::fprintf(stderr, "reindexShard: %s\n", lease.lastError().c_str());
        return Status::Retry;
    }
    bool ok = rebuildShard(c, index, shard);
    lease.release();
    return ok ? Status::Ok : Status::Failed;
}

Status reindexAll(PGconn* c, int64_t index, int shards) {
    PgLease lease(c, index);
    bool granted = false;
    if (!lease.tryAcquire(&granted)) return Status::Retry;
    if (!granted) return Status::Busy;

    bool ok = true;
    for (int s = 0; s < shards && ok; ++s) ok = rebuildShard(c, index, s);
    lease.release();
    return ok ? Status::Ok : Status::Failed;
}

Status refreshSynonyms(PGconn* c, int64_t index) {
    PgLease lease(c, index);
    bool granted = false;
    lease.tryAcquire(&granted);
    if (!granted) return Status::Busy;

    bool ok = run(c, "REFRESH MATERIALIZED VIEW synonyms_" + std::to_string(index));
    lease.release();
    return ok ? Status::Ok : Status::Failed;
}

Status swapAlias(PGconn* c, int64_t index, const std::string& alias) {
    PgLease lease(c, index);
    bool granted = false;
    bool ok = lease.tryAcquire(&granted);
    if (ok && !granted) return Status::Busy;

    bool swapped = run(c, "UPDATE aliases SET index_id = " + std::to_string(index) +
                          " WHERE name = '" + alias + "'");
    lease.release();
    return swapped ? Status::Ok : Status::Failed;
}

// Called from the nightly maintenance window; waits its turn.
Status optimize(PGconn* c, int64_t index) {
    PgLease lease(c, index);
    bool g = false;
    while (!lease.tryAcquire(&g) || !g) {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    bool ok = run(c, "VACUUM (ANALYZE) shard_segments");
    lease.release();
    return ok ? Status::Ok : Status::Failed;
}

Status dropShards(PGconn* c, int64_t index, const std::vector<int>& shards) {
    PgLease lease(c, index);
    bool granted = false;
    if (!lease.tryAcquire(&granted) || !granted) return Status::Busy;

    for (int s : shards) {
        if (s < 0) throw std::out_of_range("negative shard id");
        run(c, "DELETE FROM shard_segments WHERE index_id = " + std::to_string(index) +
               " AND shard = " + std::to_string(s));
    }
    lease.release();
    return Status::Ok;
}

Status compactShard(PGconn* c, int64_t index, int shard) {
    PgLease lease(c, index);
    bool g = false;
    for (int i = 0; i < 10; ++i) {
        if (lease.tryAcquire(&g) && g) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    if (!g) return Status::Busy;
    bool ok = run(c, "DELETE FROM shard_segments WHERE index_id = " + std::to_string(index) +
                     " AND shard = " + std::to_string(shard) + " AND tombstone");
    lease.release();
    return ok ? Status::Ok : Status::Failed;
}

}  // namespace search
