// A lock class over etcd: the manager's lock() throws unless it got the
// lock, a guard takes it in its constructor and lets it go in its
// destructor, a factory hands the guard out. The writes made while a guard
// lives, through the manager's own put(), are under the lock.
// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin -- -std=c++17 -isystem %stubs

#include <etcd/SyncClient.hpp>
#include <stdexcept>
#include <string>

class Coordinator {
public:
  explicit Coordinator(const std::string &url) : client_(url) {}

  /// Returns the key that releases the lock; throws when it was not taken.
  std::string lock(const std::string &name) {
    etcd::Response taken = client_.lock(name);
    if (!taken.is_ok())
      throw std::runtime_error("could not lock " + name + ": " + taken.error_message());
    return taken.lock_key();
  }
  void unlock(const std::string &key) { client_.unlock(key); }

  void put(const std::string &key, const std::string &value) { client_.put(key, value); }
  std::string get(const std::string &key) { return client_.get(key).value().as_string(); }

  /// The counter written only while the guard's lock is still the newest.
  void putFenced(const std::string &guardKey, int64_t revision, const std::string &key,
                 const std::string &value) {
    etcdv3::Transaction txn;
    txn.add_compare_create(guardKey, revision);
    txn.add_success_put(key, value);
    client_.txn(txn);
  }

  /// Runs \p step under the lock, and lets the lock go before returning.
  template <typename Step> void withLock(const std::string &name, Step step) {
    std::string key = lock(name);
    step();
    unlock(key);
  }

  class Guard {
  public:
    Guard() = default;
    Guard(Coordinator *owner, const std::string &name) : owner_(owner), key_(owner->lock(name)) {}
    ~Guard() {
      if (owner_)
        owner_->unlock(key_);
    }

  private:
    Coordinator *owner_ = nullptr;
    std::string key_;
  };

  Guard guard(const std::string &name) { return Guard(this, name); }

  /// Hands out a guard that may hold nothing.
  Guard guardIf(bool enabled, const std::string &name) {
    if (!enabled)
      return Guard();
    return Guard(this, name);
  }

private:
  etcd::SyncClient client_;
};

int nextId(Coordinator &coordinator, const std::string &service) {
  Coordinator::Guard held(&coordinator, "locks/ids");
  int id = std::stoi(coordinator.get("ids/" + service)) + 1;
  coordinator.put("ids/current", std::to_string(id));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to etcd key 'ids/current' in the scope of lock 'locks/ids' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-4]]:22: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: write in a transaction that compares the lock key's create revision (etcdv3::Transaction::add_compare_create), or carry that revision to the resource as a fencing token it compares
  return id;
}

// The guard handed out by the factory holds the lock as long; the factory
// hands the lock's name on to the guard, so the finding names it.
void resetIds(Coordinator &coordinator) {
  const auto held = coordinator.guard("locks/ids");
  coordinator.put("ids/current", "0");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to etcd key 'ids/current' in the scope of lock 'locks/ids'{{.*}}
}

// lock() returns only holding the lock: the code after it runs under it.
void renumber(Coordinator &coordinator) {
  std::string key = coordinator.lock("locks/ids");
  coordinator.put("ids/current", "100");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to etcd key 'ids/current' in the scope of lock 'locks/ids'{{.*}}
  coordinator.unlock(key);
  // Let go: what follows is outside the lock, and not reported here.
  coordinator.put("ids/renumbered", "1");
}

// Fenced by the lock key's revision: silent.
void resetFenced(Coordinator &coordinator, const std::string &guardKey, int64_t revision) {
  Coordinator::Guard held(&coordinator, "locks/ids");
  coordinator.putFenced(guardKey, revision, "ids/current", "0");
}

// withLock lets the lock go before it returns, so the put after it is not
// under the lock.
void afterTheLock(Coordinator &coordinator) {
  coordinator.withLock("locks/ids", [] {});
  coordinator.put("ids/current", "1");
}

// A factory that may return a guard holding nothing says nothing of a lock.
void maybeLocked(Coordinator &coordinator, bool enabled) {
  auto held = coordinator.guardIf(enabled, "locks/ids");
  coordinator.put("ids/current", "2");
}
