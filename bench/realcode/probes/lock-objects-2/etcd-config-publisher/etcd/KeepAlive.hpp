// Declaration-only stand-in for etcd-cpp-apiv3's etcd/KeepAlive.hpp.
#ifndef __ETCD_KEEPALIVE_HPP__
#define __ETCD_KEEPALIVE_HPP__

#include <cstdint>
#include <exception>
#include <functional>
#include <string>

#include "etcd/Client.hpp"

namespace etcd {

class KeepAlive {
 public:
  KeepAlive(Client const& client, int ttl, int64_t lease_id = 0);
  KeepAlive(std::string const& address, int ttl, int64_t lease_id = 0);
  KeepAlive(Client const& client, std::function<void(std::exception_ptr)> const& handler,
            int ttl, int64_t lease_id = 0);
  KeepAlive(KeepAlive const&) = delete;
  KeepAlive(KeepAlive&&) = delete;
  ~KeepAlive();

  int64_t Lease() const { return lease_id; }
  void Cancel();
  // Rethrows the keep-alive failure, if any.
  void Check();

 private:
  int ttl;
  int64_t lease_id;
};

}  // namespace etcd

#endif
