#ifndef LEDGER_ADVISORY_LOCK_H_
#define LEDGER_ADVISORY_LOCK_H_

#include <cstdint>
#include <string>

#include <libpq-fe.h>

namespace ledger {

// Session-level Postgres advisory lock bound to one connection.
class PgAdvisoryLock {
 public:
  PgAdvisoryLock(PGconn* conn, int64_t key);

  bool tryLock();
  bool lockFor(int timeout_ms);
  void lock();
  bool unlock();

  bool held() const { return held_; }

 private:
  PGconn* conn_;
  int64_t key_;
  std::string key_text_;
  bool held_ = false;
};

}  // namespace ledger

#endif  // LEDGER_ADVISORY_LOCK_H_
