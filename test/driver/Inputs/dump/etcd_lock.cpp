#include "etcd/SyncClient.hpp"
#include <chrono>
#include <memory>
#include <string>

class Registry {
public:
  explicit Registry(const std::string &url) : client_(new etcd::SyncClient(url)) {
    client_->set_grpc_timeout(std::chrono::seconds(10));
  }

  std::string take(const std::string &name) {
    etcd::Response r = client_->lock_with_lease("locks/" + name, lease_);
    return r.is_ok() ? r.lock_key() : std::string();
  }

private:
  std::unique_ptr<etcd::SyncClient> client_;
  int64_t lease_ = 0;
};
