// A service's lock manager takes its locks through a library whose body is
// in another file; what it is handed (the Redis connection) says the lock
// is kept on the server. The identifier it answers is only handed to the
// release, so the work runs whether or not the lock was taken.
// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <functional>
#include <string>

/// Declared here, defined in the library's own file.
class LockLibrary {
public:
  std::string acquireLock(redisContext *context, const std::string &name, int ttlSeconds);
  bool releaseLock(redisContext *context, const std::string &name, const std::string &id);
};

/// Runs its function when it goes out of scope.
class Defer {
public:
  explicit Defer(std::function<void()> run) : run_(std::move(run)) {}
  ~Defer() { run_(); }

private:
  std::function<void()> run_;
};

class Counters {
public:
  std::string acquireLock(const std::string &name) {
    return library_.acquireLock(context_, name, 10);
  }
  void releaseLock(const std::string &name, const std::string &id) {
    library_.releaseLock(context_, name, id);
  }
  void write(const std::string &field, long value);
  long read(const std::string &field);

  void increase(const std::string &field) {
    std::string id = acquireLock("lock:counters");
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: the result of 'Counters::acquireLock' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
    // CHECK-MESSAGES: :32:33: note: 'acquireLock' is handed a connection to the server that keeps the lock
    Defer release([this, id] { releaseLock("lock:counters", id); });
    write(field, read(field) + 1);
  }

  /// Tests the identifier first: silent.
  bool increaseIfLocked(const std::string &field) {
    std::string id = acquireLock("lock:counters");
    if (id.empty())
      return false;
    Defer release([this, id] { releaseLock("lock:counters", id); });
    write(field, read(field) + 1);
    return true;
  }

private:
  LockLibrary library_;
  redisContext *context_ = nullptr;
};

/// A lookup named for a lock that is handed nothing of a server: no
/// evidence, silent.
std::string lockOwnerName(const std::string &name);
void logOwner(const std::string &name) {
  std::string unused = lockOwnerName(name);
  redisCommand(nullptr, "PING");
}
