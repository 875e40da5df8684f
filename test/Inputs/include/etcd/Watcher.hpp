// Test stub of etcd-cpp-apiv3's etcd/Watcher.hpp: calls back on every change
// under a key (or a prefix) from a thread of its own, until cancelled.
#pragma once
#include "etcd/Response.hpp"
#include "etcd/SyncClient.hpp"
#include <cstdint>
#include <functional>
#include <string>

namespace etcd {

class Client;

class Watcher {
public:
  Watcher(Client const &client, std::string const &key,
          std::function<void(Response)> callback, bool recursive = false);
  Watcher(SyncClient const &client, std::string const &key,
          std::function<void(Response)> callback, bool recursive = false);
  Watcher(Client const &client, std::string const &key, int64_t fromIndex,
          std::function<void(Response)> callback, bool recursive = false);
  Watcher(SyncClient const &client, std::string const &key, int64_t fromIndex,
          std::function<void(Response)> callback, bool recursive = false);
  Watcher(std::string const &address, std::string const &key,
          std::function<void(Response)> callback, bool recursive = false);
  Watcher(Watcher const &) = delete;
  ~Watcher();

  bool Wait();
  void Wait(std::function<void(bool)> callback);
  bool Cancel();
  bool Cancelled() const;
};

} // namespace etcd
