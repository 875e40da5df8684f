//===--- AcquireReading.h ---------------------------------------*- C++ -*-===//
//
// The acquires other than Redis commands that a translation unit makes (SQL,
// the project's lock APIs, ZooKeeper and etcd calls), collected once for
// every check that follows them, as UnitReading does for Redis commands.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_ACQUIREREADING_H
#define LOCKLINT_CHECKS_ACQUIREREADING_H

#include "UnitReading.h"
#include "model/scopes/AcquireCalls.h"
#include "model/redis/CommandExtractor.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/LockGuards.h"

namespace clang::tidy::distlock {

/// One unit's acquire calls, shared by the checks created for it with the
/// same reading options and LockApiModelFiles.
///
///   Acquires = AcquireReading::shareFor(Context, Reading, Files);
///   Acquires->registerMatchers(*Finder);
///   std::vector<SqlExecution> Sql = Acquires->sql(AST, Strings, Calls);
///   Acquires->finishedBy(this);
class AcquireReading {
public:
  static std::shared_ptr<AcquireReading> shareFor(const void *Owner,
                                                  const ReadingOptions &Options,
                                                  std::shared_ptr<UnitReading> Reading,
                                                  const std::string &LockApiModelFiles);
  /// The reading for checks that follow only the unit's SQL and lock-service
  /// calls, which no LockApiModelFiles changes: the one made without them,
  /// the other checks' unless they configure the option.
  static std::shared_ptr<AcquireReading> shareServiceCallsFor(const void *Owner,
                                                              const ReadingOptions &Options,
                                                              std::shared_ptr<UnitReading> Reading) {
    return shareFor(Owner, Options, std::move(Reading), /*LockApiModelFiles=*/"");
  }
  AcquireReading(std::shared_ptr<UnitReading> Reading, const std::string &LockApiModelFiles);

  /// Why LockApiModelFiles could not be read.
  llvm::ArrayRef<std::string> errors() const { return Errors; }
  const locklint::model::LockApiModel &lockApis() const { return LockApis; }

  /// Registers the collector's matchers once per \p Finder.
  void registerMatchers(ast_matchers::MatchFinder &Finder);
  /// The SQL the unit runs, read at the first call after the matches.
  const std::vector<locklint::model::SqlExecution> &
  sql(ASTContext &Context, locklint::model::StringValueTracker &Strings,
      llvm::ArrayRef<locklint::model::HelperCall> Calls);
  /// The lock-API calls, read at the first call; zooKeeper() and etcd()
  /// hold the unit's calls of those clients from then on.
  const std::vector<locklint::model::LockApiCall> &
  apiCalls(ASTContext &Context, locklint::model::StringValueTracker &Strings);
  /// The acquire sites over sql() and apiCalls(), read at the first call.
  const locklint::model::AcquireSiteReading &
  sites(const locklint::model::LockIndex &Index, locklint::model::StringValueTracker &Strings,
        llvm::ArrayRef<locklint::model::HelperCall> Calls);
  /// The lock scopes over the same, with no RAII objects.
  const std::vector<locklint::model::DistributedLockScope> &
  scopes(const locklint::model::LockIndex &Index, locklint::model::StringValueTracker &Strings,
         llvm::ArrayRef<locklint::model::HelperCall> Calls);
  const locklint::model::ZooKeeperCalls &zooKeeper() const { return Acquires.zooKeeper(); }
  llvm::ArrayRef<locklint::model::EtcdCall> etcd() const { return Acquires.etcd(); }
  /// zooKeeper() and etcd() for checks that need no lock-API calls: reads
  /// them first if no check has.
  struct ServiceCalls {
    const locklint::model::ZooKeeperCalls &ZooKeeper;
    llvm::ArrayRef<locklint::model::EtcdCall> Etcd;
  };
  ServiceCalls serviceCalls(ASTContext &Context, locklint::model::StringValueTracker &Strings) {
    apiCalls(Context, Strings);
    return {zooKeeper(), etcd()};
  }

  /// Registers, once per \p Finder and for \p Check, the matcher of the
  /// locals whose constructor may acquire (RAII locks).
  void registerLockObjects(ast_matchers::MatchFinder &Finder,
                           ast_matchers::MatchFinder::MatchCallback *Check);
  /// Keeps \p Result's local when it is a match of that matcher, which only
  /// the check that registered it receives; true when it was.
  bool collectLockObject(const ast_matchers::MatchFinder::MatchResult &Result,
                         const ast_matchers::MatchFinder::MatchCallback *Check);
  /// The locals collected in this translation unit.
  const std::vector<const VarDecl *> &lockObjects() const { return LockObjects; }
  /// The lock guards among them, read at the first call; null without a
  /// client model.
  const locklint::model::LockGuards *guards(const locklint::model::LockIndex &Index,
                                            locklint::model::StringValueTracker &Strings);

  /// \p Check is done with the unit; after the last sharer, it is forgotten.
  void finishedBy(const void *Check);

private:
  std::shared_ptr<UnitReading> Reading;
  locklint::model::LockApiModel LockApis;
  locklint::model::AcquireCallCollector Acquires;
  std::vector<std::string> Errors;
  const ast_matchers::MatchFinder *RegisteredWith = nullptr;
  const ast_matchers::MatchFinder *ObjectsRegisteredWith = nullptr;
  const ast_matchers::MatchFinder::MatchCallback *ObjectsCollector = nullptr;
  std::vector<const VarDecl *> LockObjects;
  std::optional<std::vector<locklint::model::SqlExecution>> Sql;
  std::optional<std::vector<locklint::model::LockApiCall>> ApiCalls;
  std::optional<locklint::model::AcquireSiteReading> Sites;
  std::optional<std::vector<locklint::model::DistributedLockScope>> Scopes;
  /// The guards' commands are read with an extractor of their own.
  std::optional<locklint::model::CommandExtractor> Extractor;
  std::optional<locklint::model::LockGuards> Guards;
  llvm::SmallPtrSet<const void *, 16> Finished;
  unsigned Sharers = 0;
};

} // namespace clang::tidy::distlock

#endif
