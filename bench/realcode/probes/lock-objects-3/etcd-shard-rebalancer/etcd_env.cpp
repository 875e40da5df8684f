#include "etcd_env.hpp"

#include <cstdio>
#include <cstdlib>

namespace shards {

namespace {
const char kAssignPrefix[] = "/shards/assign/";
}

EtcdEnv& EtcdEnv::instance() {
  static EtcdEnv env;
  return env;
}

EtcdEnv::EtcdEnv() {
  const char* ep = std::getenv("SHARDS_ETCD");
  endpoints_ = ep ? ep : "http://127.0.0.1:2379";
  client_.reset(new etcd::Client(endpoints_));
}

std::unique_ptr<EtcdLock> EtcdEnv::newLock(const std::string& name, int ttlSeconds) {
  if (ttlSeconds < 5) ttlSeconds = 5;
  return std::unique_ptr<EtcdLock>(new EtcdLock(*client_, name, ttlSeconds));
}

std::map<std::string, std::string> ShardStore::assignments() {
  std::map<std::string, std::string> out;
  etcd::Response r = client_.ls(kAssignPrefix).get();
  if (!r.is_ok()) return out;
  for (const etcd::Value& v : r.values()) {
    out[v.key().substr(sizeof(kAssignPrefix) - 1)] = v.as_string();
  }
  return out;
}

bool ShardStore::writeFenced(const EtcdLock& lock, const std::string& shard,
                             const std::string& node) {
  if (!lock.held()) return false;
  etcdv3::Transaction txn;
  txn.add_compare_create(lock.lockKey(), etcdv3::CompareResult::EQUAL, lock.fence());
  txn.add_success_put(kAssignPrefix + shard, node);
  etcd::Response r = client_.txn(txn).get();
  if (!r.is_ok()) {
    std::fprintf(stderr, "shards: fenced write of %s rejected: %s\n", shard.c_str(),
                 r.error_message().c_str());
    return false;
  }
  return true;
}

}  // namespace shards
