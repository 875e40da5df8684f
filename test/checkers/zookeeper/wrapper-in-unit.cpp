// A service's own ZooKeeper client class, defined in the same file as the
// lock class that uses it: each call of the wrapper is read as the client
// call it makes, with the mode and version the caller passes.
// RUN: %check_distlock %s distlock-zookeeper-persistent-lock-node,distlock-zookeeper-unversioned-delete,distlock-unbounded-acquire %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-zookeeper-persistent-lock-node,distlock-zookeeper-unversioned-delete,distlock-unbounded-acquire %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>

class Coordinator {
public:
  explicit Coordinator(zhandle_t *zh) : zh_(zh) {}
  // Generic: the mode is its callers', so nothing here is reported.
  int make(const std::string &path, int mode) {
    return zoo_create(zh_, path.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, mode, nullptr, 0);
  }
  // Passes -1 itself: every call of it deletes unconditionally.
  int drop(const std::string &path) { return zoo_delete(zh_, path.c_str(), -1); }

private:
  zhandle_t *zh_;
};

class TenantLock {
public:
  TenantLock(Coordinator &zk, const std::string &tenant)
      : zk_(zk), path_("/tenants/" + tenant + "/owner") {}

  // A persistent node taken by a lock class, let go with version -1.
  bool take() { return zk_.make(path_, 0) == ZOK; }
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: lock node '/tenants/{}/owner' is created persistent{{.*}}
  // CHECK-FIXES: bool take() { return zk_.make(path_, ZOO_EPHEMERAL) == ZOK; }
  void give() { zk_.drop(path_); }
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'drop' with version -1 deletes lock node '/tenants/{}/owner' whoever holds it{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:24: note: the node is created here{{.*}}

  // A pause in each turn bounds nothing: it waits with no deadline.
  void takeWaiting() {
    while (zk_.make(path_, ZOO_EPHEMERAL) != ZOK)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this loop waits for ZooKeeper lock node '/tenants/{}/owner' with no deadline{{.*}}
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the lock's node is looked at here
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: end the loop at a deadline{{.*}}
      std::this_thread::sleep_for(std::chrono::seconds(1));
  }

  // Retried while the service runs, ending only when stop() is called:
  // the loop waits for nothing its calls answer.
  void keepTaking() {
    while (running_.load()) {
      if (zk_.make(path_, ZOO_EPHEMERAL) == ZOK)
        held_ = true;
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }
  void stop() { running_ = false; }

private:
  Coordinator &zk_;
  std::string path_;
  std::atomic<bool> running_{true};
  bool held_ = false;
};

// A node no lock class names, spelled whole: not a lock's.
void publish(Coordinator &zk) { zk.make("/service/config", 0); }
