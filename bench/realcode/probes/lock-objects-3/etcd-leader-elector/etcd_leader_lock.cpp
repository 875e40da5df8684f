#include "etcd/Client.hpp"
#include "leader_lock.hpp"

#include <cstdio>
#include <thread>

namespace elector {

class EtcdLeaderLock final : public LeaderLock {
 public:
  EtcdLeaderLock(etcd::Client& client, std::string election, int lease_ttl);
  ~EtcdLeaderLock() override;

  bool Acquire(std::chrono::seconds wait) override;
  void Release() override;
  bool IsLeader() const override { return !lock_key_.empty(); }
  int64_t FencingRevision() const override { return revision_; }
  const std::string& LockKey() const override { return lock_key_; }

 private:
  etcd::Client& client_;
  std::string election_;
  int lease_ttl_;
  int64_t lease_id_ = 0;
  int64_t revision_ = 0;
  std::string lock_key_;
};

EtcdLeaderLock::EtcdLeaderLock(etcd::Client& client, std::string election, int lease_ttl)
    : client_(client), election_("/election/" + std::move(election)), lease_ttl_(lease_ttl) {}

EtcdLeaderLock::~EtcdLeaderLock() { Release(); }

bool EtcdLeaderLock::Acquire(std::chrono::seconds wait) {
  if (IsLeader()) return true;

  etcd::Response grant = client_.leasegrant(lease_ttl_).get();
  if (!grant.is_ok()) return false;
  lease_id_ = grant.value().lease();

  // lock() blocks server-side until we are first in line; poll it so we can
  // give up after `wait`.
  pplx::task<etcd::Response> pending = client_.lock(election_, lease_id_);
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (!pending.is_done()) {
    if (std::chrono::steady_clock::now() >= deadline) {
      // Revoking the lease withdraws our queued lock request.
      client_.leaserevoke(lease_id_).wait();
      lease_id_ = 0;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }

  etcd::Response got = pending.get();
  if (!got.is_ok()) {
    client_.leaserevoke(lease_id_).wait();
    lease_id_ = 0;
    return false;
  }
  lock_key_ = got.lock_key();

  etcd::Response meta = client_.get(lock_key_).get();
  revision_ = meta.is_ok() ? meta.value().created_index() : 0;
  return true;
}

void EtcdLeaderLock::Release() {
  if (lock_key_.empty()) return;
  client_.unlock(lock_key_).wait();
  client_.leaserevoke(lease_id_).wait();
  lock_key_.clear();
  lease_id_ = 0;
  revision_ = 0;
}

std::unique_ptr<LeaderLock> NewEtcdLeaderLock(etcd::Client& client, const std::string& election,
                                              int lease_ttl) {
  return std::unique_ptr<LeaderLock>(new EtcdLeaderLock(client, election, lease_ttl));
}

}  // namespace elector
