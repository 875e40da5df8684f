// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c++17 -isystem %stubs

// The ways services answer whether they took a lock, each read by one
// analysis of what the acquire returns: a token that is empty when it
// failed, an optional lease, a reply handed to a predicate of the program,
// a status compared with the value that means success. Each has a caller
// that tests it rightly and one that works whatever it said.

#include <hiredis/hiredis.h>
#include <cstring>
#include <optional>
#include <string>

void rebuildIndex();
void chargeCards();
void logLine(const char *Text);

namespace {

bool isOk(const redisReply *Reply) {
  if (Reply == nullptr)
    return false;
  return Reply->type == REDIS_REPLY_STATUS && strcmp(Reply->str, "OK") == 0;
}

} // namespace

// A token, empty when another process holds the lock.
std::string acquireToken(redisContext *C, const char *Name) {
  std::string Token = "worker-7";
  redisReply *Reply =
      static_cast<redisReply *>(redisCommand(C, "SET lock:%s %s NX PX 30000", Name, Token.c_str()));
  bool Won = isOk(Reply);
  freeReplyObject(Reply);
  return Won ? Token : std::string();
}

void tokenChecked(redisContext *C) {
  std::string Token = acquireToken(C, "index");
  if (Token.empty())
    return;
  rebuildIndex();
}

void tokenCheckedByText(redisContext *C) {
  std::string Token = acquireToken(C, "index");
  if (Token != "")
    rebuildIndex();
}

void tokenTestedButIgnored(redisContext *C) {
  std::string Token = acquireToken(C, "index");
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is tested, but 'rebuildIndex' runs whether or not this process got lock 'lock:index'
  if (Token == "")
    logLine("index: another replica rebuilds it");
  rebuildIndex();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// A lease that is there only when the lock was taken.
struct Lease {
  std::string Key, Token;
};

std::optional<Lease> tryLease(redisContext *C, const std::string &Key) {
  Lease Taken{Key, "worker-7"};
  redisReply *Reply = static_cast<redisReply *>(
      redisCommand(C, "SET %s %s NX PX 30000", Key.c_str(), Taken.Token.c_str()));
  if (!isOk(Reply)) {
    freeReplyObject(Reply);
    return std::nullopt;
  }
  freeReplyObject(Reply);
  return Taken;
}

void leaseChecked(redisContext *C) {
  std::optional<Lease> Held = tryLease(C, "lock:billing");
  if (!Held.has_value())
    return;
  chargeCards();
}

void leaseCheckedByConversion(redisContext *C) {
  if (auto Held = tryLease(C, "lock:billing"))
    chargeCards();
}

void leaseOnlyLogged(redisContext *C) {
  std::optional<Lease> Held = tryLease(C, "lock:billing");
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: the result of 'SET ... NX' is tested, but 'chargeCards' runs whether or not this process got lock 'lock:billing'
  if (Held.has_value())
    logLine("billing: leader");
  chargeCards();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// A lock class that keeps its answer in a member and returns it.
class NightlyLock {
public:
  explicit NightlyLock(redisContext *C) : Ctx(C) {}

  bool acquire() {
    redisReply *Reply =
        static_cast<redisReply *>(redisCommand(Ctx, "SET lock:nightly worker-7 NX EX 60"));
    Held = isOk(Reply);
    freeReplyObject(Reply);
    return Held;
  }

private:
  redisContext *Ctx;
  bool Held = false;
};

void nightlyChecked(redisContext *C) {
  NightlyLock Lock(C);
  if (!Lock.acquire())
    return;
  chargeCards();
}

void nightlyOnlyLogged(redisContext *C) {
  NightlyLock Lock(C);
  bool Won = Lock.acquire();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the result of 'NightlyLock::acquire' is only logged: the code after it runs whether or not this process got lock 'lock:nightly'
  logLine(Won ? "nightly: leader" : "nightly: busy, charging anyway");
  chargeCards();
}

// A log line on the reply before the test that decides: not the test.
bool logThenTest(redisContext *C) {
  redisReply *Reply = static_cast<redisReply *>(redisCommand(C, "SET lock:audit worker-7 NX PX 30000"));
  if (Reply)
    logLine(Reply->str);
  if (Reply && Reply->str && strcmp(Reply->str, "OK") == 0) {
    freeReplyObject(Reply);
    return true;
  }
  freeReplyObject(Reply);
  return false;
}
