// Test stub of etcd-cpp-apiv3's etcd/Client.hpp, the asynchronous client.
#pragma once
#include "etcd/Response.hpp"
#include "etcd/v3/Transaction.hpp"
#include "pplx/pplxtasks.h"
#include <chrono>
#include <cstdint>
#include <memory>
#include <ratio>
#include <string>

namespace etcd {

class KeepAlive;

class Client {
public:
  Client(std::string const &etcd_url, std::string const &load_balancer = "round_robin");

  pplx::task<Response> get(std::string const &key);
  pplx::task<Response> set(std::string const &key, std::string const &value, int ttl = 0);
  pplx::task<Response> put(std::string const &key, std::string const &value);
  pplx::task<Response> rm(std::string const &key);

  pplx::task<Response> leasegrant(int ttl);
  pplx::task<std::shared_ptr<KeepAlive>> leasekeepalive(int ttl);

  pplx::task<Response> lock(std::string const &key);
  pplx::task<Response> lock(std::string const &key, int lease_ttl);
  pplx::task<Response> lock_with_lease(std::string const &key, int64_t lease_id);
  pplx::task<Response> unlock(std::string const &lock_key);
  pplx::task<Response> txn(etcdv3::Transaction const &txn);

  template <typename Period = std::micro>
  void set_grpc_timeout(std::chrono::duration<std::chrono::microseconds::rep, Period> const &timeout);
};

} // namespace etcd
