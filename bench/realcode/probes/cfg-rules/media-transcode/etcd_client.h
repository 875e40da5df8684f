// Vendored subset of the platform etcd v3 client (gRPC-backed, linked in).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace etcdv3 {

struct Status {
  int code = 0;
  std::string message;
  bool ok() const { return code == 0; }
};

struct KeyValue {
  std::string key, value;
  int64_t create_revision = 0, mod_revision = 0, lease = 0;
};

struct LeaseGrantResult { Status status; int64_t id = 0; };
struct PutResult { Status status; int64_t revision = 0; };
struct RangeResult { Status status; std::vector<KeyValue> kvs; int64_t revision = 0; };
struct TxnResult { Status status; bool succeeded = false; int64_t revision = 0; };

struct Compare { std::string key; enum { CreateRevision, Value } what; int64_t rev = 0; std::string value; };
struct Op { enum { Put, Delete } kind; std::string key; std::string value; int64_t lease = 0; };

enum class EventType { None, Put, Delete };
struct WatchEvent { Status status; EventType type = EventType::None; KeyValue kv; };

// Keeps refreshing the lease while this object is alive; refreshing stops
// when it is destroyed.
class KeepAlive {
public:
  virtual ~KeepAlive() = default;
  virtual bool healthy() const = 0;
};

class Client {
public:
  explicit Client(const std::string &endpoints);

  LeaseGrantResult LeaseGrant(int64_t ttl_seconds);
  std::unique_ptr<KeepAlive> LeaseKeepAlive(int64_t lease_id);
  Status LeaseRevoke(int64_t lease_id);

  PutResult Put(const std::string &key, const std::string &value, int64_t lease);
  RangeResult GetPrefix(const std::string &prefix);
  Status Delete(const std::string &key);
  TxnResult Txn(const std::vector<Compare> &cmp, const std::vector<Op> &then_ops,
                const std::vector<Op> &else_ops);
  // Next event on key after revision, or type None when timeout elapses.
  WatchEvent Watch(const std::string &key, int64_t after_revision,
                   std::chrono::milliseconds timeout);
};

}  // namespace etcdv3
