//===--- LocalMutexCrossProcessCheck.h --------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_LOCALMUTEXCROSSPROCESSCHECK_H
#define LOCKLINT_CHECKS_LOCALMUTEXCROSSPROCESSCHECK_H

#include "AcquireReading.h"
#include "RedisCheckBase.h"
#include "model/scopes/LocalLockScopes.h"

namespace clang::tidy::distlock {

/// Finds an in-process mutex whose critical section does a read-modify-write
/// of state other processes share: a Redis key or a database table.
///
/// For the user-facing documentation see docs/checks/distlock-local-mutex-cross-process.md
class LocalMutexCrossProcessCheck : public RedisCheckBase {
public:
  LocalMutexCrossProcessCheck(StringRef Name, ClangTidyContext *Context);

private:
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkMore(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;
  void unitFinished() override;

  const std::string LocalLockModelFiles;
  locklint::model::LocalLockModel Locks;
  std::vector<const VarDecl *> Guards;
  std::vector<const CallExpr *> LockCalls;
  /// The unit's SQL and lock-service calls, read once for every check.
  std::shared_ptr<AcquireReading> Services;
};

} // namespace clang::tidy::distlock

#endif
