#pragma once

#include <string>

struct redisContext;

namespace settle {

enum class LockStatus { Acquired, Busy, Unreachable };

// The lock each settlement run takes; the key is the member the constructor
// builds from the ledger's name.
class SettleLock {
public:
  // Token is unique to this run: the host, the pid and a random part.
  SettleLock(redisContext *Ctx, const std::string &Ledger, std::string Token);

  LockStatus acquire();
  void tryAcquire();
  bool isHeld() const { return Held; }
  void release();

private:
  redisContext *Ctx;
  std::string Key;
  std::string Token;
  bool Held = false;
};

} // namespace settle
