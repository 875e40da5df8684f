#pragma once
#include <etcd/SyncClient.hpp>
#include <string>

namespace registry {

// Every etcd access of the service goes through here.
class Coordinator {
public:
  explicit Coordinator(const std::string &url);

  std::string get(const std::string &key);
  void put(const std::string &key, const std::string &value);

  // Holds an etcd lock for its life.
  class Held {
  public:
    Held(Held &&) = default;
    ~Held() {
      if (!unlockKey_.empty())
        owner_->unlock(unlockKey_);
    }

  private:
    friend class Coordinator;
    Held(Coordinator *owner, const std::string &name)
        : owner_(owner), unlockKey_(owner->lock(name)) {}

    Coordinator *owner_;
    std::string unlockKey_;
  };

  [[nodiscard]] Held hold(const std::string &name) { return Held(this, name); }

private:
  std::string lock(const std::string &name);
  void unlock(const std::string &unlockKey);

  etcd::SyncClient client_;
};

} // namespace registry
