#include "lease_lock.h"

#include <exception>
#include <iostream>

namespace snapjobs {

LeaseSession::LeaseSession(etcd::Client& client) : client_(client) {}

LeaseSession::~LeaseSession() {
  if (keepalive_) keepalive_->Cancel();
  if (lease_id_ != 0) client_.leaserevoke(lease_id_).wait();
}

bool LeaseSession::grant(int ttl_seconds) {
  etcd::Response resp = client_.leasegrant(ttl_seconds).get();
  if (!resp.is_ok()) {
    std::cerr << "leasegrant(" << ttl_seconds << "): " << resp.error_message() << '\n';
    return false;
  }
  ttl_seconds_ = ttl_seconds;
  lease_id_ = resp.value().lease();
  return true;
}

bool LeaseSession::keep_alive() {
  if (lease_id_ == 0) return false;
  try {
    keepalive_ = std::make_shared<etcd::KeepAlive>(client_, ttl_seconds_, lease_id_);
  } catch (const std::exception& e) {
    std::cerr << "keepalive " << lease_id_ << ": " << e.what() << '\n';
    return false;
  }
  return true;
}

bool LeaseSession::alive() {
  if (!keepalive_) return false;
  try {
    keepalive_->Check();
    return true;
  } catch (const std::exception& e) {
    std::cerr << "lease " << lease_id_ << " lost: " << e.what() << '\n';
    return false;
  }
}

LeaseLock::LeaseLock(etcd::Client& client, LeaseSession& session, std::string key)
    : client_(client), session_(session), key_(std::move(key)) {}

bool LeaseLock::try_lock(const std::string& owner) {
  if (session_.id() == 0) return false;
  etcd::Response resp = client_.add(key_, owner, session_.id()).get();
  held_ = resp.is_ok();
  if (held_) owner_ = owner;
  return held_;
}

void LeaseLock::unlock() {
  if (!held_) return;
  etcd::Response resp = client_.rm_if(key_, owner_).get();
  if (!resp.is_ok()) std::cerr << "unlock " << key_ << ": " << resp.error_message() << '\n';
  held_ = false;
}

}  // namespace snapjobs
