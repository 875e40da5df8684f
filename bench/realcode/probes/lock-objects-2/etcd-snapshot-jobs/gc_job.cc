// gc_job.cc -- periodic cleanup tasks using etcd's built-in lock service.
#include <iostream>
#include <string>

#include "etcd/Client.hpp"

namespace snapjobs {

static bool delete_orphans(etcd::Client& client, const std::string& prefix) {
  etcd::Response resp = client.ls(prefix).get();
  if (!resp.is_ok()) return false;
  for (const auto& key : resp.keys()) client.rm(key).wait();
  return true;
}

void collect_orphans(etcd::Client& client) {
  etcd::Response held = client.lock("/locks/gc").get();

  delete_orphans(client, "/uploads/tmp/");
  delete_orphans(client, "/sessions/expired/");

  client.unlock(held.lock_key()).wait();
}

int compact_revisions(etcd::Client& client, int64_t keep_revisions) {
  etcd::Response held = client.lock("/locks/compact", 60).get();
  if (!held.is_ok()) {
    std::cerr << "compact: lock failed: " << held.error_message() << '\n';
    return -1;
  }

  etcd::Response head = client.head().get();
  if (!head.is_ok()) {
    std::cerr << "compact: head failed\n";
    return -1;
  }
  const int64_t target = head.index() - keep_revisions;
  std::clog << "compact: would compact to " << target << '\n';

  client.unlock(held.lock_key()).wait();
  return 0;
}

bool rotate_certs(etcd::Client& client, const std::string& bundle) {
  etcd::Response held = client.lock("/locks/cert-rotate", 30).get();
  if (!held.is_ok()) return false;

  etcd::Response resp = client.put("/tls/bundle", bundle).get();
  const bool ok = resp.is_ok();
  if (!ok) std::cerr << "rotate: put failed: " << resp.error_message() << '\n';

  client.unlock(held.lock_key()).wait();
  return ok;
}

}  // namespace snapjobs
