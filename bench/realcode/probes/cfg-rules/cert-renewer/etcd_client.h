// Vendored declarations of the team's etcd v3 client (gRPC underneath).
// Only what this service uses is declared here; the library is linked in.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace etcd {

struct Status {
  int code = 0;
  std::string message;
  bool ok() const { return code == 0; }
};

struct LeaseGrantResponse { Status status; int64_t id = 0; int64_t ttl = 0; };
struct PutResponse { Status status; int64_t revision = 0; };
struct KeyValue { std::string key, value; int64_t create_revision = 0, mod_revision = 0, lease = 0; };
struct RangeResponse { Status status; std::vector<KeyValue> kvs; int64_t revision = 0; };

enum class Target { Version, CreateRevision, ModRevision, Value };
enum class Cmp { Equal, NotEqual, Greater, Less };
struct Compare { std::string key; Target target; Cmp cmp; int64_t number = 0; std::string text; };
struct Op {
  enum Kind { Put, Delete, Get } kind;
  std::string key;
  std::string value;
  int64_t lease = 0;
};
struct TxnResponse { Status status; bool succeeded = false; int64_t revision = 0; };

enum class EventType { Put, Delete, None };
struct WatchEvent { Status status; EventType type = EventType::None; KeyValue kv; };

class Client {
public:
  explicit Client(const std::string &endpoints);

  LeaseGrantResponse LeaseGrant(int64_t ttl_seconds);
  // Starts a background stream refreshing the lease every ttl/3 until
  // LeaseRevoke or LeaseKeepAliveStop is called for it.
  Status LeaseKeepAlive(int64_t lease_id);
  Status LeaseKeepAliveStop(int64_t lease_id);
  Status LeaseRevoke(int64_t lease_id);

  PutResponse Put(const std::string &key, const std::string &value, int64_t lease = 0);
  RangeResponse Get(const std::string &key);
  Status Delete(const std::string &key);
  TxnResponse Txn(const std::vector<Compare> &cmp, const std::vector<Op> &success,
                  const std::vector<Op> &failure);

  // Blocks until the next event on key after start_revision or until the
  // timeout elapses (type None). A timeout <= 0 waits without limit.
  WatchEvent Watch(const std::string &key, int64_t start_revision,
                   std::chrono::milliseconds timeout);
};

}  // namespace etcd
