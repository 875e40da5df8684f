//===--- RedisSetWithoutNxCheck.h -------------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_REDISSETWITHOUTNXCHECK_H
#define LOCKLINT_CHECKS_REDISSETWITHOUTNXCHECK_H

#include "RedisCheckBase.h"

namespace clang::tidy::distlock {

/// Finds a Redis `SET` of a lock key without `NX`, which overwrites the current holder instead of
/// acquiring the lock.
///
/// For the user-facing documentation see docs/checks/distlock-redis-set-without-nx.md
class RedisSetWithoutNxCheck : public RedisCheckBase {
public:
  RedisSetWithoutNxCheck(StringRef Name, ClangTidyContext *Context);

private:
  bool isFinding(const locklint::model::RedisCommand &Command,
                 const locklint::model::LockIndex &Index) override;
  void reportFinding(const locklint::model::RedisCommand &Command,
                     const locklint::model::LockIndex &Index) override;
};

} // namespace clang::tidy::distlock

#endif
