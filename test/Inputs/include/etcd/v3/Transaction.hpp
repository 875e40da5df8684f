// Test stub of etcd-cpp-apiv3's etcd/v3/Transaction.hpp: compares that
// guard a transaction's operations.
#pragma once
#include <cstdint>
#include <string>

namespace etcdv3 {

enum class CompareResult { EQUAL = 0, GREATER = 1, LESS = 2, NOT_EQUAL = 3 };

class Transaction {
public:
  Transaction();
  void add_compare_version(std::string const &key, int64_t const &version,
                           std::string const &range_end = "");
  void add_compare_create(std::string const &key, int64_t const &create_revision,
                          std::string const &range_end = "");
  void add_compare_create(std::string const &key, CompareResult const &result,
                          int64_t const &create_revision, std::string const &range_end = "");
  void add_compare_mod(std::string const &key, int64_t const &mod_revision,
                       std::string const &range_end = "");
  void add_compare_value(std::string const &key, std::string const &value,
                         std::string const &range_end = "");
  void add_success_put(std::string const &key, std::string const &value,
                       int64_t const leaseid = 0, const bool prev_kv = false);
  void add_success_delete(std::string const &key, std::string const &range_end = "",
                          bool const recursive = false, const bool prev_kv = false);
  void add_failure_put(std::string const &key, std::string const &value,
                       int64_t const leaseid = 0, const bool prev_kv = false);
};

} // namespace etcdv3
