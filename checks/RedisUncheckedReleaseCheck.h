//===--- RedisUncheckedReleaseCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_REDISUNCHECKEDRELEASECHECK_H
#define LOCKLINT_CHECKS_REDISUNCHECKEDRELEASECHECK_H

#include "RedisCheckBase.h"

namespace clang::tidy::distlock {

/// Finds Redis locks released by a plain `DEL` or `UNLINK`, or by `GET` then `DEL`, instead of an
/// atomic token-checked script.
///
/// For the user-facing documentation see docs/checks/distlock-redis-unchecked-release.md
class RedisUncheckedReleaseCheck : public RedisCheckBase {
public:
  RedisUncheckedReleaseCheck(StringRef Name, ClangTidyContext *Context);

private:
  bool isFinding(const locklint::model::RedisCommand &Command,
                 const locklint::model::LockIndex &Index) override;
  void reportFinding(const locklint::model::RedisCommand &Command,
                     const locklint::model::LockIndex &Index) override;

  void suggestRelease(const locklint::model::LockIndex &Index,
                      const locklint::model::RedisCommand &Release,
                      const locklint::model::RedisCommand *Acquire,
                      const locklint::model::RedisCommand *Get);
};

} // namespace clang::tidy::distlock

#endif
