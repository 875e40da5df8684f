#include <iostream>
#include <string>
#include <vector>

#include <etcd/SyncClient.hpp>

#include "lease_lock.hpp"

// implemented by the search / mail / vault modules
std::vector<std::string> listDocumentIds();
void reindexDocument(const std::string& id);      // ~20-50 ms each
void sendDigestBatch(int batch);
bool vaultReachable();
void rotateSigningKeys();
void compactAuditHistory(int day);

namespace cron {

// Full reindex: ~60k documents, takes 20+ minutes.
void rebuildSearchIndex(etcd::SyncClient& etcd, const std::string& me) {
  LeaseLock lock(etcd, "/cron/locks/reindex", me, 30);
  if (!lock.acquire()) {
    std::cout << "reindex already running elsewhere\n";
    return;
  }
  for (const auto& id : listDocumentIds()) {
    reindexDocument(id);
  }
  lock.release();
}

void sendDigestEmails(etcd::SyncClient& etcd) {
  etcd::Response held = etcd.lock("/cron/locks/digest");
  for (int batch = 0; batch < 40; ++batch) {
    sendDigestBatch(batch);
  }
  etcd.unlock(held.lock_key());
}

void rotateKeys(etcd::SyncClient& etcd) {
  etcd::Response held = etcd.lock("/cron/locks/rotate", 30);
  if (!held.is_ok()) return;

  if (!vaultReachable()) {
    std::cerr << "vault unreachable, will retry next tick\n";
    return;
  }
  rotateSigningKeys();
  etcd.unlock(held.lock_key());
}

void compactHistory(etcd::SyncClient& etcd, const std::string& me, int days) {
  KeptLock lock(etcd, "/cron/locks/compact", me, 10);
  if (!lock.acquire()) return;
  for (int d = 0; d < days; ++d) {
    if (!lock.stillHeld()) {
      std::cerr << "lost compaction lease at day " << d << "\n";
      return;
    }
    compactAuditHistory(d);
  }
}

}  // namespace cron
