// snapshot_job.cc -- cluster-wide database snapshot and retention.
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "lease_lock.h"

namespace snapjobs {

struct SnapshotConfig {
  std::string bucket = "s3://backups/db";
  int lease_ttl_s = 30;
  int keep_last = 14;
};

static std::string node_name() {
  char host[128] = {};
  gethostname(host, sizeof(host) - 1);
  return host;
}

// Streams a full pg_basebackup to object storage; 20-40 minutes on prod.
static bool stream_base_backup(const std::string& bucket) {
  const std::string cmd = "pg_basebackup -D - -Ft -z | aws s3 cp - " + bucket + "/base.tgz";
  return std::system(cmd.c_str()) == 0;
}

int take_snapshot(etcd::Client& client, const SnapshotConfig& cfg) {
  LeaseSession session(client);
  if (!session.grant(cfg.lease_ttl_s)) return -1;

  LeaseLock lock(client, session, "/locks/snapshot");
  if (!lock.try_lock(node_name())) {
    std::clog << "snapshot: another node is taking it\n";
    return 0;
  }

  const bool ok = stream_base_backup(cfg.bucket);
  client.put("/snapshot/last", ok ? "ok" : "failed").wait();
  lock.unlock();
  return ok ? 1 : -1;
}

int prune_snapshots(etcd::Client& client, const SnapshotConfig& cfg) {
  LeaseSession session(client);
  if (!session.grant(cfg.lease_ttl_s) || !session.keep_alive()) return -1;

  LeaseLock lock(client, session, "/locks/snapshot-prune");
  if (!lock.try_lock(node_name())) return 0;

  etcd::Response listing = client.ls("/snapshot/index/").get();
  int removed = 0;
  const auto& keys = listing.keys();
  for (size_t i = cfg.keep_last; i < keys.size(); ++i) {
    if (!session.alive()) {
      std::cerr << "prune: lease lost, stopping at " << removed << '\n';
      break;
    }
    client.rm(keys[i]).wait();
    ++removed;
  }
  lock.unlock();
  return removed;
}

}  // namespace snapjobs
