// Test stub of etcd-cpp-apiv3's etcd/Response.hpp.
#pragma once
#include "etcd/Value.hpp"
#include <cstdint>
#include <string>

namespace etcd {

class Response {
public:
  bool is_ok() const;
  bool is_network_unavailable() const;
  int error_code() const;
  std::string const &error_message() const;
  /// The store's revision when the request ran.
  int64_t index() const;
  Value const &value() const;
  /// For lock(): the key that holds the lock, whose create revision fences.
  std::string const &lock_key() const;
};

} // namespace etcd
