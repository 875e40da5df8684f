// Vendored header of the in-house etcd client library (gRPC inside).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace etcdc {

struct Result {
  bool ok = false;
  std::string error;
  int64_t revision = 0;   // header revision of the response
  int64_t lease = 0;      // LeaseGrant: the new lease id
  bool succeeded = false; // Txn: whether the compare held
};

struct Cmp {
  std::string key;
  enum Field { CreateRevision, ModRevision, Value } field;
  int64_t revision = 0;
  std::string value;
};

struct Req {
  enum Kind { Put, Delete } kind;
  std::string key;
  std::string value;
  int64_t lease = 0;
};

struct Event { bool timed_out = true; bool deleted = false; int64_t revision = 0; };

class Client {
public:
  explicit Client(const std::string &endpoints);
  Result LeaseGrant(int64_t ttl_seconds);
  // Background refresh every ttl/3 until LeaseRevoke.
  Result LeaseKeepAlive(int64_t lease);
  Result LeaseRevoke(int64_t lease);
  Result Put(const std::string &key, const std::string &value, int64_t lease = 0);
  Result Txn(const std::vector<Cmp> &when, const std::vector<Req> &then_do,
             const std::vector<Req> &else_do);
  // Waits for the next change of key after revision, at most timeout.
  Event Watch(const std::string &key, int64_t after_revision,
              std::chrono::milliseconds timeout);
};

}  // namespace etcdc
