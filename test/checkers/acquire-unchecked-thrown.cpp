// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-unbounded-acquire %t -- -std=c++17
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-unbounded-acquire %t-plugin -- -std=c++17

// Three ways a caller can act on a lock it may not have: a catch of the
// acquire's exception that goes on past the try, work done before the one
// test of the answer that only decides the release, and a token loop that
// keeps the answer in its condition.

#include <hiredis/hiredis.h>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

struct LockBusy : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class OrderLock {
public:
  OrderLock(redisContext *C, const std::string &Order) : C(C), Key("order:lock:" + Order) {}

  // Returns only holding the lock: a failure throws.
  void acquire() {
    auto *R = static_cast<redisReply *>(
        redisCommand(C, "SET %s %s NX PX 20000", Key.c_str(), Token.c_str()));
    if (R == nullptr)
      throw std::runtime_error("redis unreachable");
    bool Taken = R->type == REDIS_REPLY_STATUS;
    freeReplyObject(R);
    if (!Taken)
      throw LockBusy(Key);
  }

  // The token when taken, nothing when another process holds it.
  std::optional<std::string> tryAcquire() {
    auto *R = static_cast<redisReply *>(
        redisCommand(C, "SET %s %s NX PX 20000", Key.c_str(), Token.c_str()));
    if (R == nullptr)
      return std::nullopt;
    bool Taken = R->type == REDIS_REPLY_STATUS;
    freeReplyObject(R);
    if (!Taken)
      return std::nullopt;
    return Token;
  }

  // An empty token when another process holds it.
  std::string acquireToken() {
    std::optional<std::string> Got = tryAcquire();
    return Got ? *Got : std::string();
  }

  void release();

private:
  redisContext *C;
  std::string Key;
  std::string Token = "b7e2c90d";
};

void refund(const std::string &Order);
void capture(const std::string &Order);
void log(const char *Message);

void refundLogged(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  try {
    Lock.acquire();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'acquire' throws when it does not get lock 'order:lock:{Order}', but a 'catch' of its exception goes on: 'refund' runs whether or not this process got it [distlock-acquire-unchecked]
  } catch (const std::exception &E) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: caught here; the code goes on after the 'try'
    log(E.what());
  }
  refund(Order);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
  Lock.release();
}

// The program's own exception, caught where the acquire is all the try
// holds: the acquire threw it.
void refundBusyLogged(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  try {
    Lock.acquire();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'acquire' throws when it does not get lock 'order:lock:{Order}', but a 'catch' of its exception goes on: 'refund' runs whether or not this process got it [distlock-acquire-unchecked]
  } catch (const LockBusy &E) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: caught here; the code goes on after the 'try'
    log(E.what());
  }
  refund(Order);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
  Lock.release();
}

bool refundBusyGivesUp(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  try {
    Lock.acquire();
  } catch (const LockBusy &) {
    return false;
  }
  refund(Order);
  Lock.release();
  return true;
}

// The catch records the failure and the code leaves on it after the try.
bool refundFlagged(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  bool Taken = true;
  try {
    Lock.acquire();
  } catch (const LockBusy &) {
    Taken = false;
  }
  if (!Taken)
    return false;
  refund(Order);
  Lock.release();
  return true;
}

// A flag the catch sets but nothing tests before the work: reported.
bool refundFlagIgnored(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  bool Taken = true;
  try {
    Lock.acquire();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'acquire' throws when it does not get lock 'order:lock:{Order}', but a 'catch' of its exception goes on: 'refund' runs whether or not this process got it [distlock-acquire-unchecked]
  } catch (const LockBusy &) {
    Taken = false;
  }
  refund(Order);
  Lock.release();
  return Taken;
}

bool refundOrGiveUp(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  try {
    Lock.acquire();
  } catch (const std::exception &E) {
    log(E.what());
    return false;
  }
  refund(Order);
  Lock.release();
  return true;
}

// Work inside the try runs only once the acquire returned.
void captureInside(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  try {
    Lock.acquire();
    capture(Order);
    Lock.release();
  } catch (...) {
    log("capture skipped");
  }
}

void restock(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  auto Claim = Lock.tryAcquire();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'capture' runs before the result of 'SET ... NX' is tested, and that test only decides the release: it runs whether or not this process got lock 'order:lock:{Order}' [distlock-acquire-unchecked]
  capture(Order);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, before the test
  if (Claim.has_value())
    Lock.release();
}

void restockHeld(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  auto Claim = Lock.tryAcquire();
  log("claim asked");
  if (Claim.has_value()) {
    capture(Order);
    Lock.release();
  }
}

void closeOrder(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  std::string Token;
  while ((Token = Lock.acquireToken()).empty())
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'order:lock:{Order}' with no deadline and no limit on attempts: one stuck holder blocks every waiter [distlock-unbounded-acquire]
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  capture(Order);
  Lock.release();
}

void closeOrderSoon(redisContext *C, const std::string &Order) {
  OrderLock Lock(C, Order);
  std::string Token;
  for (int Attempt = 0; Attempt < 10 && Token.empty(); ++Attempt) {
    Token = Lock.acquireToken();
    if (Token.empty())
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  if (Token.empty())
    return;
  capture(Order);
  Lock.release();
}
