#include "etcd/Client.hpp"
#include "leader_lock.hpp"

#include <cstdio>
#include <stdexcept>

namespace elector {

namespace {
constexpr int kLeaseTtlSeconds = 10;
}

std::unique_ptr<LeaderLock> MakeLeaderLock(etcd::Client& client, const std::string& election) {
  if (election.empty() || election.find('/') != std::string::npos) {
    throw std::invalid_argument("elector: bad election name '" + election + "'");
  }
  return NewEtcdLeaderLock(client, election, kLeaseTtlSeconds);
}

bool MetaStore::PutFenced(const LeaderLock& leader, const std::string& key,
                          const std::string& value) {
  if (!leader.IsLeader()) return false;
  etcdv3::Transaction txn;
  txn.add_compare_create(leader.LockKey(), etcdv3::CompareResult::EQUAL,
                         leader.FencingRevision());
  txn.add_success_put(key, value);
  etcd::Response r = client_.txn(txn).get();
  if (!r.is_ok()) {
    std::fprintf(stderr, "elector: fenced put %s refused (%d)\n", key.c_str(), r.error_code());
    return false;
  }
  return true;
}

}  // namespace elector
