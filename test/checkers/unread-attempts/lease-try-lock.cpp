// Retry loops around a try-lock whose body this unit cannot read: a pure
// virtual, or a member of a template parameter. The try-lock is handed a
// duration; a try-lock does not wait, so the duration is the lock's lease.
// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=c++17

#include <chrono>
#include <mutex>
#include <string>
#include <thread>

std::string newToken();

/// A lock whose attempt each backend provides.
class LeaseLock {
public:
  explicit LeaseLock(std::chrono::milliseconds lease) : lease_(lease) {}
  virtual ~LeaseLock() = default;

  bool try_lock() {
    std::string token = newToken();
    if (!tryAcquire(token, lease_))
      return false;
    token_ = token;
    return true;
  }

  void lock() {
    do {
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
    } while (!try_lock());
    // CHECK-MESSAGES: :[[@LINE-3]]:5: warning: this loop retries 'try_lock' with no deadline and no limit on attempts: one stuck holder of the lock blocks every waiter [distlock-unbounded-acquire]
    // CHECK-MESSAGES: :22:28: note: 'tryAcquire' is handed a duration, which a try-lock does not wait for: the lock's lease, so the lock lives outside this process
  }

  /// Gives up after a number of attempts: silent.
  bool lockWithin(int attempts) {
    for (int i = 0; i < attempts; ++i) {
      if (try_lock())
        return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
    }
    return false;
  }

  /// Gives up at a deadline: silent.
  bool lockUntil(std::chrono::steady_clock::time_point deadline) {
    while (!try_lock()) {
      if (std::chrono::steady_clock::now() > deadline)
        return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
    }
    return true;
  }

protected:
  virtual bool tryAcquire(const std::string &token, std::chrono::milliseconds lease) = 0;

private:
  std::chrono::milliseconds lease_;
  std::string token_;
};

/// A lock built over any backend that answers how long it holds the lock.
template <typename Backend>
class BackedLock {
public:
  void lock(const std::string &token, const std::chrono::milliseconds &lease) {
    while (true) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this loop retries 'try_lock' with no deadline and no limit on attempts: one stuck holder of the lock blocks every waiter [distlock-unbounded-acquire]
      auto left = backend_.try_lock(token, lease);
      // CHECK-MESSAGES: :[[@LINE-1]]:44: note: 'try_lock' is handed a duration, which a try-lock does not wait for: the lock's lease, so the lock lives outside this process
      if (left > std::chrono::milliseconds(0))
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

private:
  Backend backend_;
};

/// The standard's timed wait bounds each attempt, and the lock is this
/// process's own: silent.
void spinOnTimedMutex(std::timed_mutex &m) {
  while (!m.try_lock_for(std::chrono::milliseconds(10))) {
  }
}

/// A lock of the process, tried with no lease: no evidence, silent.
class SpinLock {
public:
  bool try_lock();
  void lock() {
    while (!try_lock()) {
    }
  }
};

/// A try-lock of its own handed a timeout it waits for: named as a timed
/// wait, silent.
struct Gate {
  bool try_lock_for(std::chrono::milliseconds wait);
};
void enter(Gate &gate) {
  while (!gate.try_lock_for(std::chrono::milliseconds(50))) {
  }
}

/// A retry through a function pointer has no name to read: silent.
bool (*tryTake)(std::chrono::milliseconds lease);
void spinThroughPointer() {
  while (!tryTake(std::chrono::milliseconds(100))) {
  }
}
