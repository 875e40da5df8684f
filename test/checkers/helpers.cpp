// Commands issued through the program's own helpers: wrappers, chains of
// wrappers, lambdas, and key builders.
// RUN: %check_distlock %s 'distlock-*' %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s 'distlock-*' %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <string>

std::string newToken();

// A generic wrapper class, as services write them.
class RedisMgr {
public:
  bool Del(const std::string &key) {
    return redisCommand(ctx_, "DEL %s", key.c_str()) != nullptr;
  }
  bool SetNxPx(const std::string &key, const std::string &value, int ttlMs) {
    return redisCommand(ctx_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs) != nullptr;
  }
  bool Expire(const std::string &key, int seconds) {
    return redisCommand(ctx_, "EXPIRE %s %d", key.c_str(), seconds) != nullptr;
  }

private:
  redisContext *ctx_ = nullptr;
};

// The cache uses Del and Expire too: nothing to report there.
void evictUser(RedisMgr &mgr, const std::string &user) { mgr.Del("cache:user:" + user); }
void keepUser(RedisMgr &mgr, const std::string &user) { mgr.Expire("cache:user:" + user, 60); }

// The lock uses the same Del: the call in Unlock() is the finding.
class JobLock {
public:
  bool Lock() { return mgr_.SetNxPx(key_, token_, 30000); }
  void Unlock() { mgr_.Del(key_); }
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'DEL' releases lock 'key_' without checking that this process still holds it [distlock-redis-unchecked-release]
  // CHECK-MESSAGES: :[[@LINE-23]]:12: note: 'DEL' is issued here, in 'RedisMgr::Del'
  void Heartbeat() { mgr_.Expire(key_, 30); }
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'EXPIRE' extends lock 'key_' without checking that this process still holds it{{.*}}[distlock-redis-unchecked-extend]
  // CHECK-MESSAGES: :[[@LINE-20]]:12: note: 'EXPIRE' is issued here, in 'RedisMgr::Expire'

private:
  RedisMgr mgr_;
  std::string key_ = "jobs:nightly";
  std::string token_ = newToken();
};

// A lock-specific helper: the finding is inside it, once, not at its callers.
bool acquire_lock(redisContext *c, const std::string &name, const std::string &token) {
  return redisCommand(c, "SET lock:%s %s PX 30000", name.c_str(), token.c_str()) != nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'SET' of lock key 'lock:{name}' has no 'NX'{{.*}}[distlock-redis-set-without-nx]
  // CHECK-FIXES: return redisCommand(c, "SET lock:%s %s PX 30000 NX", name.c_str(), token.c_str()) != nullptr;
}
void runReports(redisContext *c) { acquire_lock(c, "reports", newToken()); }
void runBilling(redisContext *c) { acquire_lock(c, "billing", newToken()); }

// Three levels of wrappers; only the lock path is reported, at its call.
void rawDel(redisContext *c, const char *key) { redisCommand(c, "DEL %s", key); }
void removeKey(redisContext *c, const std::string &key) { rawDel(c, key.c_str()); }
void dropEntry(redisContext *c, const std::string &key) { removeKey(c, key); }
void dropSession(redisContext *c) { dropEntry(c, "session:42"); }
void releaseReport(redisContext *c) { dropEntry(c, "lock:report"); }
// CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'DEL' releases lock 'lock:report' without checking
// CHECK-MESSAGES: :[[@LINE-4]]:59: note: which calls 'removeKey' here
// CHECK-MESSAGES: :[[@LINE-6]]:59: note: which calls 'rawDel' here
// CHECK-MESSAGES: :[[@LINE-8]]:49: note: 'DEL' is issued here, in 'rawDel'

// A key builder makes its result a lock key.
std::string lockKey(const std::string &name) { return "lock:" + name; }
void finishJob(RedisMgr &mgr, const std::string &job) { mgr.Del(lockKey(job)); }
// CHECK-MESSAGES: :[[@LINE-1]]:57: warning: 'DEL' releases lock 'lock:{job}' without checking

// A lambda wrapper.
void withLambda(redisContext *c, const std::string &token) {
  auto put = [c](const std::string &key, const std::string &value) {
    redisCommand(c, "SET %s %s PX 30000", key.c_str(), value.c_str());
  };
  put("cache:home", "<html>");
  put("lock:import", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:import' has no 'NX'
  // CHECK-MESSAGES: :[[@LINE-5]]:5: note: 'SET' is issued here, in 'the lambda in withLambda'
}

// A helper handed its key serves whatever its callers pass, even when every
// caller passes a lock key: each call is the finding.
void forget(redisContext *c, const std::string &key) { redisCommand(c, "DEL %s", key.c_str()); }
void forgetInvoices(redisContext *c) { forget(c, "lock:invoices"); }
// CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'DEL' releases lock 'lock:invoices' without checking
// CHECK-MESSAGES: :[[@LINE-2]]:40: note: release with 'EVAL
// CHECK-MESSAGES: :[[@LINE-4]]:56: note: 'DEL' is issued here, in 'forget'
void forgetExports(redisContext *c) { forget(c, "lock:exports"); }
// CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'DEL' releases lock 'lock:exports' without checking
// CHECK-MESSAGES: :[[@LINE-2]]:39: note: release with 'EVAL
// CHECK-MESSAGES: :[[@LINE-8]]:56: note: 'DEL' is issued here, in 'forget'

// A helper that builds the key itself and is only ever used for locks: the
// finding is in it, once.
void forgetReport(redisContext *c, const std::string &name) {
  redisCommand(c, "DEL report:%s", name.c_str());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'report:{name}' without checking
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: release with 'EVAL
}
bool takeReport(redisContext *c, const std::string &token) {
  return redisCommand(c, "SET report:daily %s NX PX 1000", token.c_str()) != nullptr;
}
void forgetDailyReport(redisContext *c) { forgetReport(c, "daily"); }
// CHECK-MESSAGES: :[[@LINE-1]]:43: note: 'forgetReport' is called only with lock keys, as here

// A wrapper that sends whatever command text it is given.
class Connection {
public:
  redisReply *cmd(const std::string &text) {
    return static_cast<redisReply *>(redisCommand(ctx_, text.c_str()));
  }

private:
  redisContext *ctx_ = nullptr;
};

void takeExport(Connection *connect, const std::string &token) {
  std::string text = "SET lock:export " + token + " PX 10000";
  connect->cmd(text);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:export' has no 'NX'
  // CHECK-MESSAGES: :[[@LINE-11]]:38: note: 'SET' is issued here, in 'Connection::cmd'
}
void readHome(Connection *connect) { connect->cmd("GET cache:home"); }

// The text passes through a second wrapper first.
redisReply *run(Connection &connection, const std::string &text) { return connection.cmd(text); }
void dropExport(Connection &connection) { run(connection, "DEL lock:export"); }
// CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'DEL' releases lock 'lock:export' without checking
// CHECK-MESSAGES: :[[@LINE-3]]:75: note: which calls 'Connection::cmd' here
// CHECK-MESSAGES: :[[@LINE-20]]:38: note: 'DEL' is issued here, in 'Connection::cmd'

// The command's name comes from the caller at run time: nothing is known.
void runConfigured(Connection &connection, const char *verb) {
  run(connection, std::string(verb) + " lock:export");
}
