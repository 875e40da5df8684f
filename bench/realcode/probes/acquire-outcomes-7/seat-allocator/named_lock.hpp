#pragma once

#include <string>

#include <mysql/mysql.h>

enum class LockStatus { kAcquired, kBusy, kError };

// MySQL GET_LOCK(name, wait_s): 1 -> kAcquired, 0 -> kBusy,
// NULL or a failed query -> kError.
class NamedLock {
 public:
  NamedLock(MYSQL *db, std::string name, int wait_s);

  LockStatus acquire();
  // Retries only while the answer is kBusy; at most `attempts` queries.
  LockStatus acquireWithRetries(int attempts);
  // Advisory peek (IS_FREE_LOCK); not an acquire.
  bool looksFree();
  bool release();
  const std::string &name() const { return name_; }

 private:
  LockStatus scalar(const std::string &sql);

  MYSQL *db_;
  std::string name_;
  int wait_s_;
};

// RAII: acquires in the constructor, releases in the destructor when held.
class NamedLockGuard {
 public:
  NamedLockGuard(MYSQL *db, std::string name, int wait_s);
  ~NamedLockGuard();
  NamedLockGuard(const NamedLockGuard &) = delete;
  NamedLockGuard &operator=(const NamedLockGuard &) = delete;
  LockStatus status() const { return status_; }

 private:
  NamedLock lock_;
  LockStatus status_;
};

// Seat-map work, defined elsewhere.
bool seatsFree(MYSQL *db, const std::string &section);
void assignSeats(MYSQL *db, const std::string &section, int order_id);
void logLine(const std::string &msg);
