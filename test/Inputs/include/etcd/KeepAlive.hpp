// Test stub of etcd-cpp-apiv3's etcd/KeepAlive.hpp: refreshes a lease from
// a thread of its own. A failure stops the refresh; it reaches the program
// through the handler, or as an exception from Check().
#pragma once
#include "etcd/SyncClient.hpp"
#include <cstdint>
#include <exception>
#include <functional>
#include <string>

namespace etcd {

class Client;

class KeepAlive {
public:
  KeepAlive(Client const &client, int ttl, int64_t lease_id = 0);
  KeepAlive(SyncClient const &client, int ttl, int64_t lease_id = 0);
  KeepAlive(std::string const &address, int ttl, int64_t lease_id = 0);
  KeepAlive(Client const &client, std::function<void(std::exception_ptr)> const &handler,
            int ttl, int64_t lease_id = 0);
  KeepAlive(SyncClient const &client, std::function<void(std::exception_ptr)> const &handler,
            int ttl, int64_t lease_id = 0);
  KeepAlive(std::string const &address,
            std::function<void(std::exception_ptr)> const &handler, int ttl,
            int64_t lease_id = 0);
  KeepAlive(KeepAlive const &) = delete;

  int64_t Lease() const;
  void Cancel();
  /// Rethrows the failure that stopped the refresh, if any.
  void Check();
  ~KeepAlive();
};

} // namespace etcd
