//===--- ReleaseNotOnEveryPathCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_RELEASENOTONEVERYPATHCHECK_H
#define LOCKLINT_CHECKS_RELEASENOTONEVERYPATHCHECK_H

#include "RedisCheckBase.h"
#include "model/AcquireCalls.h"

namespace clang::tidy::distlock {

/// Finds a distributed lock taken and released in one function where an
/// early return, a break or continue, or a throw leaves the lock held.
///
/// For the user-facing documentation see
/// docs/checks/distlock-release-not-on-every-path.md
class ReleaseNotOnEveryPathCheck : public RedisCheckBase {
public:
  ReleaseNotOnEveryPathCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;

  const std::string LockApiModelFiles;
  locklint::model::LockApiModel LockApis;
  locklint::model::AcquireCallCollector Acquires;
};

} // namespace clang::tidy::distlock

#endif
