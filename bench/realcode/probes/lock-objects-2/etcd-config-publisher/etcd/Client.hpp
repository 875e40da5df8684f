// Declaration-only stand-in for the subset of etcd-cpp-apiv3's asynchronous
// client (etcd/Client.hpp, etcd/Response.hpp, etcd/Value.hpp) used by this
// service, plus the bit of cpprestsdk's pplx::task it needs. Names and
// signatures follow the upstream headers; Debian ships no package for it.
#ifndef __ETCD_CLIENT_HPP__
#define __ETCD_CLIENT_HPP__

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pplx {
template <typename ReturnType>
class task {
 public:
  ReturnType get() const;
  void wait() const;
};
}  // namespace pplx

namespace etcd {

class KeepAlive;

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
  std::vector<Value> const& values() const;
  std::vector<std::string> const& keys() const;
  std::string const& lock_key() const;
};

class Client {
 public:
  Client(std::string const& etcd_url, std::string const& load_balancer = "round_robin");
  ~Client();

  pplx::task<Response> head();
  pplx::task<Response> get(std::string const& key);
  pplx::task<Response> put(std::string const& key, std::string const& value);
  pplx::task<Response> put(std::string const& key, std::string const& value,
                           const int64_t leaseId);
  pplx::task<Response> add(std::string const& key, std::string const& value, int ttl = 0);
  pplx::task<Response> add(std::string const& key, std::string const& value,
                           const int64_t leaseId);
  pplx::task<Response> rm(std::string const& key);
  pplx::task<Response> rm_if(std::string const& key, std::string const& old_value);
  pplx::task<Response> rm_if(std::string const& key, int64_t old_index);
  pplx::task<Response> ls(std::string const& key);

  pplx::task<Response> leasegrant(int ttl);
  pplx::task<std::shared_ptr<KeepAlive>> leasekeepalive(int ttl);
  pplx::task<Response> leaserevoke(int64_t lease_id);
  pplx::task<Response> leasetimetolive(int64_t lease_id);

  pplx::task<Response> lock(std::string const& key);
  pplx::task<Response> lock(std::string const& key, int lease_ttl);
  pplx::task<Response> lock_with_lease(std::string const& key, int64_t lease_id);
  pplx::task<Response> unlock(std::string const& lock_key);
};

}  // namespace etcd

#endif
