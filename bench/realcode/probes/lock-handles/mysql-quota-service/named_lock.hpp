#pragma once

#include <string>

#include <mysql/mysql.h>

namespace quota {

class NamedLock {
 public:
  NamedLock(MYSQL* conn, std::string name) : conn_(conn), name_(std::move(name)) {}
  ~NamedLock() { if (held_) release(); }

  NamedLock(const NamedLock&) = delete;
  NamedLock& operator=(const NamedLock&) = delete;

  // GET_LOCK(name, timeoutSec); true only when the server returned 1.
  bool acquire(int timeoutSec);
  void release();
  bool held() const { return held_; }

 private:
  std::string quotedName() const;

  MYSQL* conn_;
  std::string name_;
  bool held_ = false;
};

}  // namespace quota
