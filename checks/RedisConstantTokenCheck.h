//===--- RedisConstantTokenCheck.h ------------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_REDISCONSTANTTOKENCHECK_H
#define LOCKLINT_CHECKS_REDISCONSTANTTOKENCHECK_H

#include "RedisCheckBase.h"

namespace clang::tidy::distlock {

/// Finds Redis lock acquires whose value is the same for every acquirer, so no release can check
/// ownership.
///
/// For the user-facing documentation see docs/checks/distlock-redis-constant-token.md
class RedisConstantTokenCheck : public RedisCheckBase {
public:
  RedisConstantTokenCheck(StringRef Name, ClangTidyContext *Context);

private:
  bool isFinding(const locklint::model::RedisCommand &Command,
                 const locklint::model::LockIndex &Index) override;
  void reportFinding(const locklint::model::RedisCommand &Command,
                     const locklint::model::LockIndex &Index) override;
};

} // namespace clang::tidy::distlock

#endif
