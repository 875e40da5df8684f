//===--- AcquireUncheckedCheck.h --------------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_ACQUIREUNCHECKEDCHECK_H
#define LOCKLINT_CHECKS_ACQUIREUNCHECKEDCHECK_H

#include "RedisCheckBase.h"
#include "model/AcquireCalls.h"

namespace clang::tidy::distlock {

/// Finds lock acquires that can fail but whose result is never looked at,
/// while the code goes on to the work the lock protects.
///
/// For the user-facing documentation see docs/checks/distlock-acquire-unchecked.md
class AcquireUncheckedCheck : public RedisCheckBase {
public:
  AcquireUncheckedCheck(StringRef Name, ClangTidyContext *Context);
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
