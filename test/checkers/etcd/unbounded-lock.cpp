// etcd's lock() waits until it gets the lock; only a gRPC timeout on the
// client bounds it.
// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=c++17 -isystem %stubs

#include <etcd/Client.hpp>
#include <etcd/SyncClient.hpp>
#include <chrono>
#include <string>

void rotateKeys();

/// A job runner that keeps its client in a member.
class KeyRotation {
public:
  explicit KeyRotation(const std::string &endpoints) : etcd_(endpoints) {}

  void run() {
    etcd::Response held = etcd_.lock("/locks/key-rotation");
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'lock' waits for etcd lock '/locks/key-rotation' with no bound: no gRPC timeout is set on this client, and a holder that never unlocks blocks it forever [distlock-unbounded-acquire]
    // CHECK-MESSAGES: :[[@LINE-2]]:27: note: set one with set_grpc_timeout(std::chrono::seconds(10)) on the client; the lock then answers an error in time
    if (!held.is_ok())
      return;
    rotateKeys();
    etcd_.unlock(held.lock_key());
  }

private:
  etcd::SyncClient etcd_;
};

// The asynchronous client waits the same way in get().
void asyncRun(const std::string &endpoints) {
  etcd::Client etcd(endpoints);
  etcd::Response held = etcd.lock("/locks/key-rotation", 30).get();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'lock' waits for etcd lock '/locks/key-rotation' with no bound{{.*}}
  if (held.is_ok())
    rotateKeys();
}

/// The same runner with a timeout set: silent.
class BoundedRotation {
public:
  explicit BoundedRotation(const std::string &endpoints) : etcd_(endpoints) {
    etcd_.set_grpc_timeout(std::chrono::seconds(10));
  }
  void run() {
    etcd::Response held = etcd_.lock("/locks/key-rotation");
    if (held.is_ok())
      rotateKeys();
  }

private:
  etcd::SyncClient etcd_;
};

// A client handed in may have its timeout set by the caller: silent.
void withClient(etcd::SyncClient &etcd) {
  if (etcd.lock("/locks/key-rotation").is_ok())
    rotateKeys();
}

// A local reference or pointer to a client the program keeps elsewhere may
// have its timeout set there: silent. One this function makes is its own.
etcd::SyncClient &sharedClient();
void withSharedClient() {
  etcd::SyncClient &etcd = sharedClient();
  if (etcd.lock("/locks/key-rotation").is_ok())
    rotateKeys();
  etcd::SyncClient *pointed = &sharedClient();
  if (pointed->lock("/locks/key-rotation").is_ok())
    rotateKeys();
}

void withOwnClient(const std::string &endpoints) {
  etcd::SyncClient *etcd = new etcd::SyncClient(endpoints);
  if (etcd->lock("/locks/key-rotation").is_ok())
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lock' waits for etcd lock '/locks/key-rotation' with no bound{{.*}}
    rotateKeys();
  delete etcd;
}
