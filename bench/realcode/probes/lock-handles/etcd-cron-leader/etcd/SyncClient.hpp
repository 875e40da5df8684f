// Local declaration-only stand-in for the subset of etcd-cpp-apiv3
// (etcd/SyncClient.hpp, etcd/Response.hpp, etcd/Value.hpp) this service uses.
// Names and signatures follow the upstream headers.
#ifndef __ETCD_SYNC_CLIENT_HPP__
#define __ETCD_SYNC_CLIENT_HPP__

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace etcd {

class KeepAlive;

class Value {
 public:
  bool is_dir() const;
  std::string const& key() const;
  std::string const& as_string() const;
  int64_t created_index() const;
  int64_t modified_index() const;
  int64_t version() const;
  int ttl() const;
  int64_t lease() const;
};

typedef std::vector<Value> Values;
typedef std::vector<std::string> Keys;

class Response {
 public:
  Response();
  int error_code() const;
  std::string const& error_message() const;
  bool is_ok() const;
  bool is_network_unavailable() const;
  std::string const& action() const;
  int64_t index() const;
  Value const& value() const;
  Value const& prev_value() const;
  Values const& values() const;
  Keys const& keys() const;
  std::string const& lock_key() const;
};

class SyncClient {
 public:
  SyncClient(std::string const& etcd_url, std::string const& load_balancer = "round_robin");
  ~SyncClient();

  Response head();
  Response get(std::string const& key);
  Response set(std::string const& key, std::string const& value, int ttl = 0);
  Response set(std::string const& key, std::string const& value, int64_t leaseId);
  Response add(std::string const& key, std::string const& value, int ttl = 0);
  Response add(std::string const& key, std::string const& value, int64_t leaseId);
  Response put(std::string const& key, std::string const& value);
  Response modify(std::string const& key, std::string const& value, int ttl = 0);
  Response modify_if(std::string const& key, std::string const& value, std::string const& old_value, int ttl = 0);
  Response modify_if(std::string const& key, std::string const& value, int64_t old_index, int ttl = 0);
  Response rm(std::string const& key);
  Response rm_if(std::string const& key, std::string const& old_value);
  Response rm_if(std::string const& key, int64_t old_index);
  Response ls(std::string const& key);

  Response leasegrant(int ttl);
  std::shared_ptr<KeepAlive> leasekeepalive(int ttl);
  Response leaserevoke(int64_t lease_id);
  Response leasetimetolive(int64_t lease_id);

  Response lock(std::string const& key);
  Response lock(std::string const& key, int lease_ttl);
  Response lock_with_lease(std::string const& key, int64_t lease_id);
  Response unlock(std::string const& lock_key);
};

}  // namespace etcd

#endif
