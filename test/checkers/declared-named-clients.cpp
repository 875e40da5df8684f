// RUN: %check_distlock %s distlock-redis-constant-token,distlock-redis-set-without-expiry,distlock-redis-unchecked-release %t -- -std=c++17

// A service's own Redis client, declared in its header and defined in
// another file: a per-file run sees the declarations alone. A method of a
// class named for Redis whose name spells a command that settles what it
// does to the key (SetNX, Del, Expire) is read as that command, its
// parameters as the command's words in order. Each finding says it was read
// from the declaration.

#include <string>

struct RedisSession;

class RedisChannel {
public:
  int SetNX(RedisSession *Session, const char *Key, const char *Value);
  int Del(RedisSession *Session, const char *Key);
  int Expire(RedisSession *Session, const char *Key, int Seconds);
  // A time beside the value: the body may give the key its expiry.
  bool SetNxValue(const char *Key, const char *Value, int Timeout = 1);
  bool DelValue(const std::string &Key);
  // Two texts: a release that may compare the owner first.
  bool DelIfOwner(const char *Key, const char *Token);
  // A name that only starts like a command.
  int Delta(const char *Key);
};

// Not named for Redis: a local cache's delete.
class Cache {
public:
  bool Del(const char *Key);
};

std::string newToken();

// A lock class that keeps its key in a member.
class JobLock {
public:
  JobLock(RedisChannel *Channel, std::string Key) : Channel(Channel), Key(std::move(Key)) {}
  bool lock() { return Channel->SetNX(nullptr, Key.c_str(), "1") == 1; }
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: lock 'Key' is taken with the constant value '1'
  // CHECK-MESSAGES: :[[@LINE-2]]:24: note: write a value unique to this acquisition
  // CHECK-MESSAGES: :[[@LINE-27]]:7: note: read as 'SETNX' from the declaration of 'RedisChannel::SetNX': its body is not in this translation unit
  // CHECK-MESSAGES: :[[@LINE-4]]:24: warning: lock 'Key' is taken with 'SETNX', which cannot set an expiry
  // CHECK-MESSAGES: :[[@LINE-5]]:24: note: acquire with 'SET <key> <token> NX PX <milliseconds>' instead
  // CHECK-MESSAGES: :[[@LINE-30]]:7: note: read as 'SETNX' from the declaration of 'RedisChannel::SetNX'
  void unlock() { Channel->Del(nullptr, Key.c_str()); }
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'DEL' releases lock 'Key' without checking that this process still holds it
  // CHECK-MESSAGES: :[[@LINE-9]]:24: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: release with 'EVAL
  // CHECK-MESSAGES: :[[@LINE-34]]:7: note: read as 'DEL' from the declaration of 'RedisChannel::Del'

private:
  RedisChannel *Channel;
  std::string Key;
};

// SETNX, then a separate EXPIRE: a crash between them leaves no expiry.
bool takeReport(RedisChannel &Channel) {
  if (Channel.SetNX(nullptr, "lock:report", newToken().c_str()) != 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lock 'lock:report' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
    return false;
  Channel.Expire(nullptr, "lock:report", 30);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: expiry set here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: acquire with 'SET <key> <token> NX PX <milliseconds>' instead
  // CHECK-MESSAGES: :[[@LINE-50]]:7: note: read as 'SETNX' from the declaration of 'RedisChannel::SetNX'
  return true;
}

// With a time parameter the expiry is open: only the constant value, which
// the call itself shows, is reported.
class TimedLock {
public:
  bool tryLock() { return Client->SetNxValue(Name.c_str(), "0"); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: lock 'Name' is taken with the constant value '0'
  // CHECK-MESSAGES: :[[@LINE-2]]:27: note: write a value unique to this acquisition
  // CHECK-MESSAGES: :[[@LINE-57]]:8: note: read as 'SET' from the declaration of 'RedisChannel::SetNxValue'
  bool tryLockWithToken() { return Client->SetNxValue(Name.c_str(), newToken().c_str()); }
  ~TimedLock() { Client->DelValue(Name); }
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'DEL' releases lock 'Name' without checking that this process still holds it
  // CHECK-MESSAGES: :[[@LINE-7]]:27: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:18: note: release with 'EVAL
  // CHECK-MESSAGES: :[[@LINE-62]]:8: note: read as 'DEL' from the declaration of 'RedisChannel::DelValue'
  RedisChannel *Client;
  std::string Name;
};

// --- Silent. ---

void cacheOnly(Cache &C) { C.Del("lock:cache"); }

void ownerChecked(RedisChannel &Channel, const std::string &Token) {
  Channel.DelIfOwner("lock:owned", Token.c_str());
}

void notACommand(RedisChannel &Channel) { Channel.Delta("lock:delta"); }

// A body in this unit is read as it is, not by its name.
class RedisStore {
public:
  bool Del(const char *Key) { return Key != nullptr; }
};
void storeDelete(RedisStore &Store) { Store.Del("lock:store"); }
