// Minimal declarations mirroring etcd-cpp-apiv3 (etcd/Client.hpp,
// etcd/KeepAlive.hpp). Only what the elector uses is declared here.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace pplx {
template <class T>
class task {
 public:
  T get();
  void wait();
  bool is_done() const;
};
}  // namespace pplx

namespace etcdv3 {
enum class CompareResult { EQUAL, GREATER, LESS, NOT_EQUAL };
class Transaction {
 public:
  Transaction();
  void add_compare_create(std::string const& key, CompareResult result, int64_t revision);
  void add_success_put(std::string const& key, std::string const& value, int64_t leaseid = 0);
  void add_success_delete(std::string const& key, std::string const& range_end = "");
};
}  // namespace etcdv3

namespace etcd {

class Value {
 public:
  std::string const& key() const;
  std::string const& as_string() const;
  int64_t created_index() const;
  int64_t modified_index() const;
  int64_t lease() const;
};

class Response {
 public:
  bool is_ok() const;
  int error_code() const;
  std::string const& error_message() const;
  Value const& value() const;
  std::vector<Value> const& values() const;
  std::string const& lock_key() const;
  int64_t index() const;
};

class Client {
 public:
  Client(std::string const& endpoints, std::string const& load_balancer = "round_robin");

  pplx::task<Response> get(std::string const& key);
  pplx::task<Response> put(std::string const& key, std::string const& value);
  pplx::task<Response> rm(std::string const& key);
  pplx::task<Response> ls(std::string const& key);
  pplx::task<Response> txn(etcdv3::Transaction const& txn);

  pplx::task<Response> leasegrant(int ttl);
  pplx::task<Response> leaserevoke(int64_t lease_id);
  pplx::task<Response> leasetimetolive(int64_t lease_id);

  pplx::task<Response> lock(std::string const& key);
  pplx::task<Response> lock(std::string const& key, int64_t lease_id);
  pplx::task<Response> unlock(std::string const& lock_key);
};

class KeepAlive {
 public:
  KeepAlive(Client const& client, int ttl, int64_t lease_id = 0);
  ~KeepAlive();
  void Cancel();
};

}  // namespace etcd
