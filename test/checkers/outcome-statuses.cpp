// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-unfenced-write %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-unfenced-write %t-plugin -- -std=c++17 -isystem %stubs

// A lock function that answers a status of the program's own: held, busy or
// failed, each returned where its test of the reply decides it. Callers read
// it with comparisons, and with a switch whose cases may fall into each
// other.

#include <hiredis/hiredis.h>
#include <stdexcept>

void closeBooks();
void logLine(const char *Text);
void unlockBooks(redisContext *C, const char *Key);

enum class LockStatus { kAcquired, kBusy, kError };

LockStatus tryLock(redisContext *C, const char *Key) {
  redisReply *Reply = static_cast<redisReply *>(redisCommand(C, "SET %s worker-7 NX PX 30000", Key));
  if (Reply == nullptr)
    return LockStatus::kError;
  if (Reply->type == REDIS_REPLY_NIL) {
    freeReplyObject(Reply);
    return LockStatus::kBusy;
  }
  freeReplyObject(Reply);
  return LockStatus::kAcquired;
}

// The same answer chosen by one test of the reply.
LockStatus tryLockOnce(redisContext *C, const char *Key) {
  redisReply *Reply = static_cast<redisReply *>(redisCommand(C, "SET %s worker-7 NX PX 30000", Key));
  bool Won = Reply != nullptr && Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
  return Won ? LockStatus::kAcquired : LockStatus::kBusy;
}

void comparedWithSuccess(redisContext *C) {
  if (tryLock(C, "lock:books") != LockStatus::kAcquired)
    return;
  closeBooks();
}

void comparedOnce(redisContext *C) {
  if (tryLockOnce(C, "lock:books") == LockStatus::kAcquired)
    closeBooks();
}

// Busy is not the only way to fail: an error falls into the work.
void comparedWithOneFailure(redisContext *C) {
  LockStatus Status = tryLock(C, "lock:books");
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock 'lock:books'
  if (Status == LockStatus::kBusy)
    return;
  closeBooks();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// The busy answer is the only one kept out; the work returns, and an
// error reaches it all the same.
bool notBusyThenReturned(redisContext *C) {
  LockStatus Status = tryLock(C, "lock:books");
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock 'lock:books'
  if (Status != LockStatus::kBusy) {
    closeBooks();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: here, also when it was not taken
    unlockBooks(C, "lock:books");
    return true;
  }
  return false;
}

bool acquiredThenReturned(redisContext *C) {
  LockStatus Status = tryLock(C, "lock:books");
  if (Status == LockStatus::kAcquired) {
    closeBooks();
    unlockBooks(C, "lock:books");
    return true;
  }
  return false;
}

// A classifier that notes the status in a local, each branch of the reply
// test setting it, and clears what it keeps when it did not win: nothing
// it does runs as if it held the lock.
const char *freshToken();

struct NotedLock {
  redisContext *C;
  LockStatus tryAcquire(const char *Key) {
    auto *Reply = static_cast<redisReply *>(
        redisCommand(C, "SET %s %s NX PX 30000", Key, freshToken()));
    if (Reply == nullptr)
      return LockStatus::kError;
    LockStatus Status = LockStatus::kError;
    if (Reply->type == REDIS_REPLY_STATUS)
      Status = LockStatus::kAcquired;
    else if (Reply->type == REDIS_REPLY_NIL)
      Status = LockStatus::kBusy;
    freeReplyObject(Reply);
    if (Status != LockStatus::kAcquired)
      forget();
    return Status;
  }
  void forget();
};

// A held branch that notes the outcome in a local nobody reads again: the
// work after it runs either way.
void notedThenIgnored(redisContext *C) {
  auto *Reply = static_cast<redisReply *>(
      redisCommand(C, "SET lock:books %s NX PX 30000", freshToken()));
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock 'lock:books'
  bool Won;
  if (Reply != nullptr && Reply->type == REDIS_REPLY_STATUS)
    Won = true;
  else
    Won = false;
  freeReplyObject(Reply);
  closeBooks();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

void switchedWithEveryCase(redisContext *C) {
  switch (tryLock(C, "lock:books")) {
  case LockStatus::kAcquired:
    closeBooks();
    break;
  case LockStatus::kBusy:
    logLine("books: another replica closes them");
    break;
  case LockStatus::kError:
    logLine("books: redis unreachable");
    break;
  }
}

void switchedThenWorked(redisContext *C) {
  switch (tryLock(C, "lock:books")) {
  case LockStatus::kAcquired:
    break;
  case LockStatus::kBusy:
  case LockStatus::kError:
    return;
  }
  closeBooks();
}

void errorFallsIntoWork(redisContext *C) {
  switch (tryLock(C, "lock:books")) {
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock '{{[^']+}}'
  case LockStatus::kBusy:
    return;
  case LockStatus::kError:
    logLine("books: redis unreachable, closing anyway");
    [[fallthrough]];
  case LockStatus::kAcquired:
    closeBooks();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: here, also when it was not taken
    break;
  }
}

void busyOnlyLogged(redisContext *C) {
  switch (tryLock(C, "lock:books")) {
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock '{{[^']+}}'
  case LockStatus::kAcquired:
    break;
  default:
    logLine("books: busy");
    break;
  }
  closeBooks();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// C style: the status is a variable each test of the reply sets, returned
// once at the end.
int tryLockCounted(redisContext *C, const char *Key) {
  int Ret = -1;
  redisReply *Reply = static_cast<redisReply *>(redisCommand(C, "SET %s worker-7 NX PX 30000", Key));
  if (Reply == nullptr)
    return Ret;
  if (Reply->type == REDIS_REPLY_STATUS)
    Ret = 1;
  else if (Reply->type == REDIS_REPLY_NIL)
    Ret = 0;
  freeReplyObject(Reply);
  return Ret;
}

void countedChecked(redisContext *C) {
  if (tryLockCounted(C, "lock:books") != 1)
    return;
  closeBooks();
}

void countedBusyOnly(redisContext *C) {
  int Status = tryLockCounted(C, "lock:books");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock '{{[^']+}}'
  if (Status == 0)
    return;
  closeBooks();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// Statuses compared by order: only the comparisons that tell every success
// from every failure are tests of the lock.
void countedByOrder(redisContext *C) {
  if (tryLockCounted(C, "lock:books") <= 0)
    return;
  closeBooks();
}

void countedErrorsOnly(redisContext *C) {
  int Status = tryLockCounted(C, "lock:books");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock '{{[^']+}}'
  if (Status < 0)
    return;
  closeBooks();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// A flag set where the reply says the lock was taken, tested later.
void flagTested(redisContext *C) {
  int Got = 0;
  redisReply *Reply = static_cast<redisReply *>(redisCommand(C, "SET lock:books worker-7 NX PX 30000"));
  if (Reply && Reply->type == REDIS_REPLY_STATUS)
    Got = 1;
  freeReplyObject(Reply);
  if (!Got)
    return;
  closeBooks();
}

void flagOnlyLogged(redisContext *C) {
  int Got = 0;
  redisReply *Reply = static_cast<redisReply *>(redisCommand(C, "SET lock:books worker-7 NX PX 30000"));
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock 'lock:books'
  if (Reply && Reply->type == REDIS_REPLY_STATUS)
    Got = 1;
  freeReplyObject(Reply);
  if (!Got)
    logLine("books: busy, closing anyway");
  closeBooks();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// A fence taken once the lock is held; when that fails, the lock is let go
// and an error answered: Error is a failure on both of its paths.
LockStatus tryLockFenced(redisContext *C, const char *Key, long long *Fence) {
  redisReply *Reply = static_cast<redisReply *>(redisCommand(C, "SET %s worker-7 NX PX 30000", Key));
  if (Reply == nullptr)
    return LockStatus::kError;
  bool Won = Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
  if (!Won)
    return LockStatus::kBusy;
  redisReply *Next = static_cast<redisReply *>(redisCommand(C, "INCR fence:%s", Key));
  if (Next == nullptr) {
    unlockBooks(C, Key);
    return LockStatus::kError;
  }
  *Fence = Next->integer;
  freeReplyObject(Next);
  return LockStatus::kAcquired;
}

void fencedChecked(redisContext *C) {
  long long Fence = 0;
  if (tryLockFenced(C, "lock:books", &Fence) != LockStatus::kAcquired)
    return;
  closeBooks();
}

void fencedBusyOnly(redisContext *C) {
  long long Fence = 0;
  if (tryLockFenced(C, "lock:books", &Fence) == LockStatus::kBusy)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the result of 'SET ... NX' is tested, but 'closeBooks' runs whether or not this process got lock 'lock:books'
    return;
  closeBooks();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// Every failure throws: the function returns only holding the lock, and
// what its caller writes next is written under it.
void lockOrThrow(redisContext *C) {
  switch (tryLock(C, "lock:books")) {
  case LockStatus::kAcquired:
    return;
  case LockStatus::kBusy:
    throw std::runtime_error("books: busy");
  case LockStatus::kError:
    throw std::runtime_error("books: redis unreachable");
  }
}

void closeUnderLock(redisContext *C) {
  lockOrThrow(C);
  freeReplyObject(redisCommand(C, "HSET books:state closed 1"));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: {{.*}}
}
