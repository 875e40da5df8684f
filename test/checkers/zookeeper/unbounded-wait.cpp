// Waiting for a ZooKeeper lock in a loop with no deadline.
// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <unistd.h>

/// Wakes a waiter when the node before it goes away.
struct Turn {
  std::mutex m;
  std::condition_variable cv;
  bool changed = false;
};

void onDelete(zhandle_t *, int, int, const char *, void *context) {
  auto *turn = static_cast<Turn *>(context);
  std::lock_guard<std::mutex> hold(turn->m);
  turn->changed = true;
  turn->cv.notify_one();
}

/// The standby waits for the leader's node to go away.
class Standby {
public:
  explicit Standby(zhandle_t *zh) : zh_(zh), leader_("/billing/leader") {}

  void waitForever() {
    while (zoo_exists(zh_, leader_.c_str(), 0, nullptr) == ZOK)
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this loop waits for ZooKeeper lock node '/billing/leader' with no deadline and no limit on attempts: a holder that never lets go blocks every waiter [distlock-unbounded-acquire]
      sleep(1);
  }

  // A deadline from a clock bounds the wait.
  bool waitUntil(std::chrono::steady_clock::time_point deadline) {
    while (zoo_exists(zh_, leader_.c_str(), 0, nullptr) == ZOK) {
      if (std::chrono::steady_clock::now() > deadline)
        return false;
      sleep(1);
    }
    return true;
  }

  // So does a number of attempts.
  bool waitAttempts(int attempts) {
    for (int i = 0; i < attempts; ++i) {
      if (zoo_exists(zh_, leader_.c_str(), 0, nullptr) == ZNONODE)
        return true;
      sleep(1);
    }
    return false;
  }

private:
  zhandle_t *zh_;
  std::string leader_;
};

// The recipe's wait for the node before this one, on a condition variable
// with no timeout: reported where the waiter blocks for good.
void waitTurn(zhandle_t *zh, const std::string &previous, Turn &turn) {
  for (;;) {
    std::string path = "/locks/ledger/" + previous;
    if (zoo_wexists(zh, path.c_str(), onDelete, &turn, nullptr) == ZNONODE)
      return;
    std::unique_lock<std::mutex> hold(turn.m);
    turn.cv.wait(hold, [&] { return turn.changed; });
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this loop waits for ZooKeeper lock node '/locks/ledger/{}' with no deadline{{.*}}
    // CHECK-MESSAGES: :[[@LINE-5]]:9: note: the lock's node is looked at here
  }
}

// The same wait with a timeout is bounded.
bool waitTurnFor(zhandle_t *zh, const std::string &previous, Turn &turn) {
  for (;;) {
    std::string path = "/locks/ledger/" + previous;
    if (zoo_wexists(zh, path.c_str(), onDelete, &turn, nullptr) == ZNONODE)
      return true;
    std::unique_lock<std::mutex> hold(turn.m);
    if (!turn.cv.wait_for(hold, std::chrono::seconds(30), [&] { return turn.changed; }))
      return false;
  }
}

// A loop over nodes that are not locks: silent.
void watchConfig(zhandle_t *zh) {
  while (zoo_exists(zh, "/billing/config", 0, nullptr) != ZOK)
    sleep(1);
}

/// A create sent again while the connection is lost waits for the network,
/// not for a holder: ZNODEEXISTS ends the loop.
class Elector {
public:
  explicit Elector(zhandle_t *zh) : zh_(zh) {}

  bool tryLead(const std::string &id) {
    int rc;
    do {
      rc = zoo_create(zh_, "/billing/leader", id.data(), static_cast<int>(id.size()),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
    } while (rc == ZCONNECTIONLOSS || rc == ZOPERATIONTIMEOUT);
    return rc == ZOK;
  }

  // Sent again while another process holds the node: that waits for it.
  void lead(const std::string &id) {
    int rc;
    do {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this loop waits for ZooKeeper lock node '/billing/leader' with no deadline and no limit on attempts: a holder that never lets go blocks every waiter [distlock-unbounded-acquire]
      rc = zoo_create(zh_, "/billing/leader", id.data(), static_cast<int>(id.size()),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
      sleep(1);
    } while (rc == ZNODEEXISTS || rc == ZCONNECTIONLOSS);
  }

private:
  zhandle_t *zh_;
};
