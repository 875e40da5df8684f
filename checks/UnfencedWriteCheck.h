//===--- UnfencedWriteCheck.h -----------------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_UNFENCEDWRITECHECK_H
#define LOCKLINT_CHECKS_UNFENCEDWRITECHECK_H

#include "AcquireCheckBase.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/LocalLockModel.h"

namespace clang::tidy::distlock {

/// Finds writes inside a distributed-lock scope that carry no fencing
/// predicate, which a holder whose lock expired during a pause can still make.
///
/// For the user-facing documentation see docs/checks/distlock-unfenced-write.md
class UnfencedWriteCheck : public AcquireCheckBase {
public:
  UnfencedWriteCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkMore(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;
  /// Reports a write at \p At in \p Scope with the fence its service offers.
  void reportUnfenced(const locklint::model::DistributedLockScope &Scope, SourceLocation At,
                      StringRef What, bool Redis);

  const std::string FenceColumnPattern;
  const bool CheckRedisWrites;
  const bool RequireFencingUnderAdvisoryLocks;
  locklint::model::WordMatcher FenceColumns;
};

} // namespace clang::tidy::distlock

#endif
