//===--- RedisUncheckedExtendCheck.h ----------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_REDISUNCHECKEDEXTENDCHECK_H
#define LOCKLINT_CHECKS_REDISUNCHECKEDEXTENDCHECK_H

#include "RedisCheckBase.h"

namespace clang::tidy::distlock {

/// Finds Redis lock extensions by `EXPIRE`, `PEXPIRE` or `SET ... XX` that do not check the owner
/// token atomically.
///
/// For the user-facing documentation see docs/checks/distlock-redis-unchecked-extend.md
class RedisUncheckedExtendCheck : public RedisCheckBase {
public:
  RedisUncheckedExtendCheck(StringRef Name, ClangTidyContext *Context);

private:
  bool isFinding(const locklint::model::RedisCommand &Command,
                 const locklint::model::LockIndex &Index) override;
  void reportFinding(const locklint::model::RedisCommand &Command,
                     const locklint::model::LockIndex &Index) override;
};

} // namespace clang::tidy::distlock

#endif
