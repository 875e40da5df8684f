// Which keys are locks: the key's head noun, the outcome of its acquire, and
// the acquire sequence it belongs to, rather than any word anywhere.
// RUN: %check_distlock %s 'distlock-redis-*' %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s 'distlock-redis-*' %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>

#define JOB_LOCK_PREFIX "jobs:lock:"
#define JOB_LOCK_META_PREFIX "jobs:meta:"

// A database layer that keeps a lock and, beside it, the lock's metadata:
// who holds it and how often it was taken.
class JobStore {
public:
  bool acquireJobLock(const std::string &jobId);
  bool runJob(const std::string &jobId);
  void releaseJobLock(const std::string &jobId);
  bool saveLockOwner(const std::string &lockId, const std::string &owner);
  void removeLock(const std::string &lockId);

private:
  redisContext *ctx_;
};

bool JobStore::acquireJobLock(const std::string &jobId) {
  std::string jobLockKey = std::string(JOB_LOCK_PREFIX) + jobId;
  std::string cmd = "SETNX " + jobLockKey + " 1";
  redisReply *reply = (redisReply *)redisCommand(ctx_, cmd.c_str());
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: lock 'jobs:lock:{jobId}' is taken with the constant value '1'
  // CHECK-MESSAGES: :[[@LINE-2]]:37: note: write a value unique to this acquisition
  // CHECK-MESSAGES: :[[@LINE-3]]:37: warning: lock 'jobs:lock:{jobId}' is taken with 'SETNX', which cannot set an expiry
  // CHECK-MESSAGES: :[[@LINE-4]]:37: note: acquire with
  if (reply == nullptr)
    return false;
  if (reply->integer == 1) {
    freeReplyObject(reply);
    // The second half of the acquire: its faults are reported at the SETNX.
    cmd = "PSETEX " + jobLockKey + " 30000 2";
    reply = (redisReply *)redisCommand(ctx_, cmd.c_str());
    if (reply == nullptr) {
      // The expiry failed: the key cannot have expired, so it is still ours.
      cmd = "DEL " + jobLockKey;
      redisCommand(ctx_, cmd.c_str());
      return false;
    }
    if (reply->type == REDIS_REPLY_ERROR) {
      freeReplyObject(reply);
      cmd = "DEL " + jobLockKey;
      redisCommand(ctx_, cmd.c_str());
      return false;
    }
    freeReplyObject(reply);
    return true;
  }
  freeReplyObject(reply);
  return false;
}

// Called from elsewhere, the acquire's cleanup is still the helper's own.
bool JobStore::runJob(const std::string &jobId) {
  if (!acquireJobLock(jobId))
    return false;
  releaseJobLock(jobId);
  return true;
}

void JobStore::releaseJobLock(const std::string &jobId) {
  std::string jobLockKey = std::string(JOB_LOCK_PREFIX) + jobId;
  std::string cmd = "DEL " + jobLockKey;
  freeReplyObject(redisCommand(ctx_, cmd.c_str()));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'DEL' releases lock 'jobs:lock:{jobId}' without checking that this process still holds it
  // CHECK-MESSAGES: :[[@LINE-44]]:37: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: release with
}

// The metadata key's head noun is "meta", and nothing takes it only if
// absent: plain writes and deletes of it are data, even in removeLock().
bool JobStore::saveLockOwner(const std::string &lockId, const std::string &owner) {
  std::string lockMetaKey = std::string(JOB_LOCK_META_PREFIX) + lockId;
  std::string cmd = "SET " + lockMetaKey + " " + owner;
  redisReply *reply = (redisReply *)redisCommand(ctx_, cmd.c_str());
  bool saved = reply != nullptr && reply->type != REDIS_REPLY_ERROR;
  freeReplyObject(reply);
  return saved;
}

void JobStore::removeLock(const std::string &lockId) {
  std::string lockInfoKey = std::string(JOB_LOCK_META_PREFIX) + lockId;
  std::string cmd = "DEL " + lockInfoKey;
  freeReplyObject(redisCommand(ctx_, cmd.c_str()));
}

// Variables named for data about a lock are data.
void lockBookkeeping(redisContext *c, const char *lockIdString, const char *holder) {
  redisCommand(c, "SET %s %s", lockIdString, holder);
  const char *lockOwnerKey = "owner:reports";
  redisCommand(c, "SET %s %s", lockOwnerKey, holder);
}

// Named for the lock itself, a key is a lock wherever it comes from.
void lockByName(redisContext *c, const char *lockName, const char *storeLockKey) {
  redisCommand(c, "SET %s 1 NX PX 10000", lockName);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lockName' is taken with the constant value '1'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: write a value unique
  redisCommand(c, "SET %s holder", storeLockKey);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'storeLockKey' is taken with the constant value 'holder'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: write a value unique
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: lock 'storeLockKey' is taken with 'SET' but no expiry
  // CHECK-MESSAGES: :[[@LINE-4]]:3: warning: 'SET' of lock key 'storeLockKey' has no 'NX'
  // CHECK-FIXES: redisCommand(c, "SET %s holder NX PX 30000", storeLockKey);
}

// A value created once, whoever comes first, is not a lock: the outcome of
// the only-if-absent write is dropped and nothing deletes the key.
void createSequenceOnce(sw::redis::Redis &redis) {
  redis.set("jobs:sequence", "0", std::chrono::milliseconds(0), sw::redis::UpdateType::NOT_EXIST);
}
void createSeedOnce(sw::redis::Redis &redis) {
  // A TTL of zero kept in a variable is still no expiry.
  std::chrono::milliseconds never = std::chrono::milliseconds(0);
  redis.set("jobs:seed", "0", never, sw::redis::UpdateType::NOT_EXIST);
}

// The same only-if-absent write, with its outcome tested and the key
// deleted later, is a lock whatever its name.
bool claimReport(sw::redis::Redis &redis, const std::string &token) {
  return redis.set("reports:daily", token, std::chrono::seconds(60),
                   sw::redis::UpdateType::NOT_EXIST);
}
void finishReport(sw::redis::Redis &redis) {
  redis.del("reports:daily");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'reports:daily' without checking that this process still holds it
  // CHECK-MESSAGES: :[[@LINE-6]]:10: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: release with
}

// A DEL after the work, not on the failed expiry, is a release like any other.
bool runWithLock(redisContext *c, const char *token) {
  redisReply *taken = (redisReply *)redisCommand(c, "SETNX lock:nightly %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: lock 'lock:nightly' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
  // CHECK-MESSAGES: :[[@LINE+5]]:38: note: expiry set here
  // CHECK-MESSAGES: :[[@LINE-3]]:37: note: acquire with
  if (taken == nullptr || taken->integer != 1)
    return false;
  freeReplyObject(taken);
  redisReply *expiry = (redisReply *)redisCommand(c, "EXPIRE lock:nightly 30");
  if (expiry == nullptr)
    return false;
  redisCommand(c, "INCR nightly:runs");
  redisCommand(c, "DEL lock:nightly");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:nightly' without checking that this process still holds it
  // CHECK-MESSAGES: :[[@LINE-13]]:37: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: delete the key only while it still holds this process's token
  return true;
}

// Keys that are locks only by the name of the function around them. A plain
// SET of a value there (a plugin's lockSet() writing the data the caller
// locked) is no acquire: nothing about NX or expiry is said of it.
void lockSet(redisContext *c, const char *key, const char *value) {
  redisCommand(c, "SET %s %s", key, value);
}
// The same naming with an expiry is an attempt to take a lock, and one that
// overwrites the holder.
void acquireLock(redisContext *c, const char *key, const char *token) {
  redisCommand(c, "SET %s %s EX 30", key, token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'key' has no 'NX': it overwrites the current holder instead of acquiring the lock [distlock-redis-set-without-nx]
}

// Keys built by a method of the same object are read through its body:
// take and release name one key.
class SlotAllocator {
public:
  explicit SlotAllocator(redisContext *c) : Ctx(c) {}

  bool claim(const char *slot, const char *owner) {
    redisReply *r = (redisReply *)redisCommand(Ctx, "SET %s %s NX PX 10000",
                                               slotKey(slot).c_str(), owner);
    bool ok = r && r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return ok;
  }
  void giveBack(const char *slot) {
    redisCommand(Ctx, "DEL %s", slotKey(slot).c_str());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'DEL' releases lock 'slot:lock:{slot}' without checking that this process still holds it
    // CHECK-MESSAGES: :[[@LINE-9]]:35: note: lock acquired here
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: release with 'EVAL
  }

private:
  std::string slotKey(const char *slot) const { return std::string("slot:lock:") + slot; }
  redisContext *Ctx;
};

// One family of keys: a slot is taken under one number and given back under
// another variable holding it; the key's text and shape say it is the same
// kind of key as the one acquired.
class WorkerIds {
public:
  explicit WorkerIds(redisContext *c) : Ctx(c) {}
  int take(const char *owner) {
    for (int candidate = 0; candidate < 1024; ++candidate) {
      redisReply *r = (redisReply *)redisCommand(Ctx, "SET %s %s NX EX 300",
                                                 idKey(candidate).c_str(), owner);
      bool ok = r && r->type == REDIS_REPLY_STATUS;
      freeReplyObject(r);
      if (ok) {
        Allocated = candidate;
        return candidate;
      }
    }
    return -1;
  }
  void giveBack() {
    int allocated = Allocated;
    redisCommand(Ctx, "DEL %s", idKey(allocated).c_str());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'DEL' releases lock 'worker:id:{std::to_string(id)}' without checking that this process still holds it
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: release with 'EVAL
  }
  // A counter beside the slots has a shape of its own: data.
  void countRelease() { redisCommand(Ctx, "DEL %s", seqKey().c_str()); }

private:
  std::string idKey(int id) const { return "worker:id:" + std::to_string(id); }
  std::string seqKey() const { return "worker:seq"; }
  redisContext *Ctx;
  int Allocated = -1;
};
