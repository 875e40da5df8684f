#include "job_mutex.h"

#include <cstdio>

JobMutex::JobMutex(etcdv3::Client &c, const std::string &job)
    : c_(c), prefix_("/transcode/" + job + "/") {}

bool JobMutex::lowest(int64_t *pred_rev, std::string *pred_key) {
  etcdv3::RangeResult r = c_.GetPrefix(prefix_);
  if (!r.status.ok()) {
    return false;
  }
  int64_t mine = 0;
  for (const etcdv3::KeyValue &kv : r.kvs) {
    if (kv.key == own_) {
      mine = kv.create_revision;
    }
  }
  pred_key->clear();
  *pred_rev = r.revision;
  for (const etcdv3::KeyValue &kv : r.kvs) {
    if (kv.create_revision < mine) {
      *pred_key = kv.key;
    }
  }
  return pred_key->empty();
}

bool JobMutex::lock(std::chrono::steady_clock::time_point deadline) {
  using clock = std::chrono::steady_clock;
  etcdv3::LeaseGrantResult g = c_.LeaseGrant(20);
  if (!g.status.ok()) {
    return false;
  }
  lease_ = g.id;
  ka_ = c_.LeaseKeepAlive(lease_);
  char hex[32];
  std::snprintf(hex, sizeof hex, "%llx", (unsigned long long)lease_);
  own_ = prefix_ + hex;
  if (!c_.Put(own_, "waiting", lease_).status.ok()) {
    unlock();
    return false;
  }
  int64_t rev = 0;
  std::string pred;
  while (!lowest(&rev, &pred)) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - clock::now());
    if (pred.empty() || left.count() <= 0) {
      unlock();
      return false;
    }
    c_.Watch(pred, rev, left);
  }
  return true;
}

bool JobMutex::unlock() {
  etcdv3::Status del = c_.Delete(own_);
  ka_.reset();
  etcdv3::Status rev = c_.LeaseRevoke(lease_);
  lease_ = 0;
  return del.ok() && rev.ok();
}
