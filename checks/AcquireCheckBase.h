//===--- AcquireCheckBase.h -------------------------------------*- C++ -*-===//
//
// The checks that follow every kind of acquire, not only Redis commands:
// SQL advisory locks, RedMutex, and the lock APIs a project names in
// LockApiModelFiles. This base reads that option and collects those calls.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_ACQUIRECHECKBASE_H
#define LOCKLINT_CHECKS_ACQUIRECHECKBASE_H

#include "RedisCheckBase.h"
#include "model/scopes/AcquireCalls.h"

namespace clang::tidy::distlock {

class AcquireCheckBase : public RedisCheckBase {
public:
  AcquireCheckBase(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  /// The acquires other than Redis commands seen in this translation unit.
  locklint::model::AcquireCallCollector &acquireCalls() { return Acquires; }
  /// Its lock-API calls, coordination services' acquires among them.
  std::vector<locklint::model::LockApiCall> takeApiCalls(ASTContext &Context) {
    return Acquires.takeApiCalls(Context, strings(), lockWords());
  }
  /// The project's lock APIs and coordination-service writes, from
  /// LockApiModelFiles.
  const locklint::model::LockApiModel &lockApis() const { return LockApis; }
  /// Registers the locals whose constructor may acquire (RAII locks); for
  /// the checks that read lock scopes.
  void registerLockObjects(ast_matchers::MatchFinder *Finder);
  /// Keeps \p Result's local if it is one; true when it was.
  bool collectLockObject(const ast_matchers::MatchFinder::MatchResult &Result);
  /// The locals collected in this translation unit; empty again afterwards.
  std::vector<const VarDecl *> takeLockObjects() { return std::move(LockObjects); }

private:
  const std::string LockApiModelFiles;
  locklint::model::LockApiModel LockApis;
  locklint::model::AcquireCallCollector Acquires;
  std::vector<const VarDecl *> LockObjects;
};

} // namespace clang::tidy::distlock

#endif
