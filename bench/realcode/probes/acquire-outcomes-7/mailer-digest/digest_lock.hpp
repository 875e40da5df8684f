#pragma once

#include <string>
#include <utility>

#include <hiredis/hiredis.h>

enum class LockErr { None, Busy, Io, Protocol };

// Minimal expected-like result: either a value or a LockErr.
template <class T>
class Expected {
 public:
  static Expected success(T v) { return Expected(std::move(v), LockErr::None); }
  static Expected failure(LockErr e) { return Expected(T{}, e); }

  bool hasValue() const { return err_ == LockErr::None; }
  explicit operator bool() const { return hasValue(); }
  const T &value() const { return value_; }
  T valueOr(T fallback) const { return hasValue() ? value_ : std::move(fallback); }
  LockErr error() const { return err_; }

 private:
  Expected(T v, LockErr e) : value_(std::move(v)), err_(e) {}
  T value_;
  LockErr err_;
};

struct Lease {
  std::string key;
  std::string token;
};

class DigestLocker {
 public:
  explicit DigestLocker(redisContext *ctx) : ctx_(ctx) {}

  // SET key <unique token> NX PX ttl: value on "OK", Busy on NIL,
  // Io on a NULL reply, Protocol on an error reply.
  Expected<Lease> acquire(const std::string &name, int ttl_ms);
  bool release(const Lease &lease);

  // Older variants still used by a few jobs.
  bool acquireLegacy(const std::string &name);
  void releaseLegacy(const std::string &name);
  bool acquireShared(const std::string &name);
  void releaseShared(const std::string &name);

 private:
  redisContext *ctx_;
  unsigned long seq_ = 0;
};

DigestLocker &digestLocker();
void sendDigest(const std::string &audience);
