#include "lease_lock.hpp"

#include <exception>
#include <iostream>

namespace cron {

LeaseLock::LeaseLock(etcd::SyncClient& client, std::string key, std::string owner, int ttlSec)
    : client_(client), key_(std::move(key)), owner_(std::move(owner)), ttl_(ttlSec) {}

bool LeaseLock::acquire() {
  etcd::Response grant = client_.leasegrant(ttl_);
  if (!grant.is_ok()) {
    std::cerr << "leasegrant failed: " << grant.error_message() << "\n";
    return false;
  }
  lease_ = grant.value().lease();

  etcd::Response r = client_.add(key_, owner_, lease_);
  if (!r.is_ok()) {
    client_.leaserevoke(lease_);
    lease_ = 0;
    return false;
  }
  return true;
}

void LeaseLock::release() {
  if (lease_ != 0) client_.leaserevoke(lease_);
  lease_ = 0;
}

KeptLock::KeptLock(etcd::SyncClient& client, std::string key, std::string owner, int ttlSec)
    : client_(client), key_(std::move(key)), owner_(std::move(owner)), ttl_(ttlSec) {}

KeptLock::~KeptLock() { release(); }

bool KeptLock::acquire() {
  keepalive_ = client_.leasekeepalive(ttl_);
  if (!keepalive_) return false;

  etcd::Response r = client_.add(key_, owner_, keepalive_->Lease());
  if (!r.is_ok()) {
    release();
    return false;
  }
  return true;
}

bool KeptLock::stillHeld() {
  if (!keepalive_) return false;
  try {
    keepalive_->Check();
  } catch (const std::exception& e) {
    std::cerr << "keepalive for " << key_ << " failed: " << e.what() << "\n";
    return false;
  }
  return true;
}

void KeptLock::release() {
  if (!keepalive_) return;
  const int64_t lease = keepalive_->Lease();
  keepalive_->Cancel();
  client_.leaserevoke(lease);
  keepalive_.reset();
}

}  // namespace cron
