// Declaration-only subset of the etcd-cpp-apiv3 client used by this service.
// The real library is linked in production; this header only has to describe
// the calls we make.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pplx {
template <typename T>
class task {
 public:
  T get() const;
  void wait() const;
};
}  // namespace pplx

namespace etcdv3 {
enum class CompareResult { EQUAL, GREATER, LESS, NOT_EQUAL };

class Transaction {
 public:
  Transaction();
  void add_compare_create(const std::string& key, CompareResult result, int64_t create_revision);
  void add_success_put(const std::string& key, const std::string& value, int64_t leaseid = 0);
};
}  // namespace etcdv3

namespace etcd {

class Value {
 public:
  const std::string& key() const;
  const std::string& as_string() const;
  int64_t created_index() const;
  int64_t lease() const;
};

class Response {
 public:
  bool is_ok() const;
  const std::string& error_message() const;
  const Value& value() const;
  const std::vector<Value>& values() const;
  const std::string& lock_key() const;
};

class Client {
 public:
  explicit Client(const std::string& endpoints);

  pplx::task<Response> get(const std::string& key);
  pplx::task<Response> put(const std::string& key, const std::string& value);
  pplx::task<Response> ls(const std::string& prefix);
  pplx::task<Response> txn(const etcdv3::Transaction& txn);

  pplx::task<Response> leasegrant(int ttl);
  pplx::task<Response> leaserevoke(int64_t lease_id);

  pplx::task<Response> lock(const std::string& key, int64_t lease_id);
  pplx::task<Response> lock_with_lease(const std::string& key, int64_t lease_id);
  pplx::task<Response> unlock(const std::string& lock_key);
};

class KeepAlive {
 public:
  KeepAlive(Client const& client, int ttl, int64_t lease_id = 0);
  ~KeepAlive();

  void Cancel();
};

}  // namespace etcd
