#include "etcd_env.hpp"

#include <cstdio>

namespace shards {

EtcdLock::EtcdLock(etcd::Client& client, std::string name, int ttlSeconds)
    : client_(client), name_("/locks/" + std::move(name)), ttl_(ttlSeconds) {}

EtcdLock::~EtcdLock() {
  // Stop refreshing; if release() was never called the lease (and the lock)
  // lapses after at most ttl_ seconds.
  if (keepAlive_) keepAlive_->Cancel();
}

bool EtcdLock::acquire() {
  if (held()) return true;

  etcd::Response grant = client_.leasegrant(ttl_).get();
  if (!grant.is_ok()) {
    std::fprintf(stderr, "etcd-lock %s: leasegrant: %s\n", name_.c_str(),
                 grant.error_message().c_str());
    return false;
  }
  lease_ = grant.value().lease();
  keepAlive_.reset(new etcd::KeepAlive(client_, ttl_, lease_));

  etcd::Response locked = client_.lock_with_lease(name_, lease_).get();
  if (!locked.is_ok()) {
    keepAlive_->Cancel();
    keepAlive_.reset();
    client_.leaserevoke(lease_).wait();
    lease_ = 0;
    return false;
  }

  lockKey_ = locked.lock_key();
  etcd::Response meta = client_.get(lockKey_).get();
  if (!meta.is_ok()) {
    release();
    return false;
  }
  fence_ = meta.value().created_index();
  return true;
}

void EtcdLock::release() {
  if (!held()) return;
  client_.unlock(lockKey_).wait();
  if (keepAlive_) {
    keepAlive_->Cancel();
    keepAlive_.reset();
  }
  client_.leaserevoke(lease_).wait();
  lockKey_.clear();
  lease_ = 0;
  fence_ = 0;
}

}  // namespace shards
