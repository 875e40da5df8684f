// Declaration-only stand-in for the parts of etcd-cpp-apiv3 used here
// (etcd/Client.hpp, etcd/Response.hpp, etcd/Value.hpp, etcd/KeepAlive.hpp).
// The async client returns pplx::task<>, as the upstream cpprest build does.
#ifndef __ETCD_CLIENT_HPP__
#define __ETCD_CLIENT_HPP__

#include <chrono>
#include <cstdint>
#include <exception>
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

namespace etcd {

class Value {
 public:
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
  int64_t index() const;
  Value const& value() const;
  Value const& prev_value() const;
  Values const& values() const;
  Keys const& keys() const;
  std::string const& lock_key() const;
};

class KeepAlive;

class Client {
 public:
  Client(std::string const& etcd_url, std::string const& load_balancer = "round_robin");
  ~Client();

  pplx::task<Response> get(std::string const& key);
  pplx::task<Response> set(std::string const& key, std::string const& value, int ttl = 0);
  pplx::task<Response> set(std::string const& key, std::string const& value, int64_t leaseId);
  pplx::task<Response> add(std::string const& key, std::string const& value, int ttl = 0);
  pplx::task<Response> add(std::string const& key, std::string const& value, int64_t leaseId);
  pplx::task<Response> put(std::string const& key, std::string const& value);
  pplx::task<Response> put(std::string const& key, std::string const& value, const int64_t leaseId);
  pplx::task<Response> modify_if(std::string const& key, std::string const& value, std::string const& old_value,
                                 int ttl = 0);
  pplx::task<Response> modify_if(std::string const& key, std::string const& value, int64_t old_index, int ttl = 0);
  pplx::task<Response> rm(std::string const& key);
  pplx::task<Response> rm_if(std::string const& key, int64_t old_index);
  pplx::task<Response> ls(std::string const& key);

  pplx::task<Response> leasegrant(int ttl);
  pplx::task<std::shared_ptr<KeepAlive>> leasekeepalive(int ttl);
  pplx::task<Response> leaserevoke(int64_t lease_id);

  pplx::task<Response> lock(std::string const& key);
  pplx::task<Response> lock(std::string const& key, int lease_ttl);
  pplx::task<Response> lock_with_lease(std::string const& key, int64_t lease_id);
  pplx::task<Response> unlock(std::string const& lock_key);
};

class KeepAlive {
 public:
  KeepAlive(Client const& client, int ttl, int64_t lease_id = 0);
  KeepAlive(Client const& client, std::function<void(std::exception_ptr)> const& handler, int ttl,
            int64_t lease_id = 0);
  KeepAlive(KeepAlive const&) = delete;
  ~KeepAlive();
  int64_t Lease() const { return lease_id; }
  void Cancel();
  void Check();

 private:
  int ttl;
  int64_t lease_id;
};

}  // namespace etcd

#endif
