//===--- RedisSetWithoutExpiryCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_REDISSETWITHOUTEXPIRYCHECK_H
#define LOCKLINT_CHECKS_REDISSETWITHOUTEXPIRYCHECK_H

#include "RedisCheckBase.h"

namespace clang::tidy::distlock {

/// Finds Redis lock acquires that give the key no expiry, so a crashed holder keeps the lock
/// forever.
///
/// For the user-facing documentation see docs/checks/distlock-redis-set-without-expiry.md
class RedisSetWithoutExpiryCheck : public RedisCheckBase {
public:
  RedisSetWithoutExpiryCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  bool isFinding(const locklint::model::RedisCommand &Command,
                 const locklint::model::LockIndex &Index) override;
  void reportFinding(const locklint::model::RedisCommand &Command,
                     const locklint::model::LockIndex &Index) override;
};

} // namespace clang::tidy::distlock

#endif
