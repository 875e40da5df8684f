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
#include "AcquireReading.h"

namespace clang::tidy::distlock {

class AcquireCheckBase : public RedisCheckBase {
public:
  AcquireCheckBase(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void unitFinished() override;
  /// The acquires other than Redis commands seen in this translation unit.
  const AcquireReading &acquireCalls() const { return *Acquires; }
  /// The SQL the unit runs, read once for every check of the unit.
  const std::vector<locklint::model::SqlExecution> &sqlExecutions(ASTContext &Context) {
    return Acquires->sql(Context, strings(), helperCalls());
  }
  /// Its lock-API calls, coordination services' acquires among them; after
  /// the first call, acquireCalls() holds its ZooKeeper and etcd calls.
  const std::vector<locklint::model::LockApiCall> &lockApiCalls(ASTContext &Context) {
    return Acquires->apiCalls(Context, strings());
  }
  /// The unit's acquires, and its lock scopes with no RAII objects, found
  /// once for every check that reads them.
  const std::vector<locklint::model::AcquireSite> &acquireSites(const locklint::model::LockIndex &Index) {
    return acquireSiteReading(Index).Sites;
  }
  const std::vector<locklint::model::DistributedLockScope> &
  lockScopes(const locklint::model::LockIndex &Index) {
    return Acquires->scopes(Index, strings(), helperCalls());
  }
  /// The acquires with the wrappers found on the way, for a check that
  /// finds scopes of its own over them.
  const locklint::model::AcquireSiteReading &
  acquireSiteReading(const locklint::model::LockIndex &Index) {
    return Acquires->sites(Index, strings(), helperCalls());
  }
  /// The project's lock APIs and coordination-service writes, from
  /// LockApiModelFiles.
  const locklint::model::LockApiModel &lockApis() const { return Acquires->lockApis(); }
  /// Registers the locals whose constructor may acquire (RAII locks); for
  /// the checks that read lock scopes, which share one matcher.
  void registerLockObjects(ast_matchers::MatchFinder *Finder);
  /// Keeps \p Result's local if it is one; true when it was.
  bool collectLockObject(const ast_matchers::MatchFinder::MatchResult &Result);
  /// The locals collected in this translation unit.
  const std::vector<const VarDecl *> &lockObjects() const { return Acquires->lockObjects(); }
  /// The lock guards among them (see LockGuards.h); null without a model.
  const locklint::model::LockGuards *lockGuards(const locklint::model::LockIndex &Index) {
    return Acquires->guards(Index, strings());
  }

private:
  const std::string LockApiModelFiles;
  std::shared_ptr<AcquireReading> Acquires;
};

} // namespace clang::tidy::distlock

#endif
