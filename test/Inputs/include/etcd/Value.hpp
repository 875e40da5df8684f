// Test stub of etcd-cpp-apiv3's etcd/Value.hpp: a key's value and the
// revisions etcd keeps for it.
#pragma once
#include <cstdint>
#include <string>

namespace etcd {

class Value {
public:
  std::string const &key() const;
  std::string const &as_string() const;
  /// The revision that created the key, and the last one that changed it.
  int64_t created_index() const;
  int64_t modified_index() const;
  int64_t version() const;
  int64_t lease() const;
};

} // namespace etcd
