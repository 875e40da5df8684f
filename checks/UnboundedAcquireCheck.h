//===--- UnboundedAcquireCheck.h --------------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_UNBOUNDEDACQUIRECHECK_H
#define LOCKLINT_CHECKS_UNBOUNDEDACQUIRECHECK_H

#include "AcquireCheckBase.h"
#include "model/etcd/EtcdCalls.h"
#include "model/zookeeper/ZooKeeperCalls.h"
#include "model/scopes/LocalLockModel.h"
#include "model/scopes/DistributedLockScopes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::distlock {

/// Finds waits for a distributed lock with no bound: retry loops whose only
/// way out is success, blocking SQL locks without a lock_timeout, blocking
/// Redis commands with timeout 0 on lock keys, and RedMutex::lock().
///
/// For the user-facing documentation see docs/checks/distlock-unbounded-acquire.md
class UnboundedAcquireCheck : public AcquireCheckBase {
public:
  UnboundedAcquireCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkMore(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;

  /// The lock_timeout the SQL note and its fix-it propose, e.g. "5s".
  std::string SuggestedLockTimeout;
  /// The timeout, in seconds, a fix gives GET_LOCK in place of a negative one.
  std::string SuggestedWaitSeconds;
  std::vector<const Stmt *> Loops;
  /// Whether the unit has a goto or a function that calls itself, which
  /// may retry an acquire.
  bool JumpsBack = false;
  /// Waits on a condition variable or semaphore with no timeout.
  std::vector<const CallExpr *> UntimedWaits;
  std::vector<const Expr *> RedMutexLocks;
  /// Loops that wait for a ZooKeeper lock's nodes with no bound.
  void reportZooKeeperWaits(ASTContext &Context, const locklint::model::ZooKeeperCalls &ZooCalls);
  /// In \p Loop, a call of the program's own function that looks at a
  /// lock's nodes, which the loop retries until it answers success: the
  /// look, and the call.
  std::pair<const locklint::model::ZooCall *, const CallExpr *>
  lockLookThroughHelper(
      const Stmt *Loop,
      const llvm::DenseMap<const FunctionDecl *, const locklint::model::ZooCall *> &LockLooks,
      ASTContext &Context) const;
  /// etcd locks taken on a client with no gRPC timeout.
  void reportEtcdWaits(llvm::ArrayRef<locklint::model::EtcdCall> Calls);
  /// Retries written as a goto back or a call of the function itself that
  /// only the acquire's answer decides, with no bound in what runs again.
  void reportRetryJumps(llvm::ArrayRef<locklint::model::AcquireSite> Sites,
                        const locklint::model::LockIndex &Index);
  /// Retry loops around a lock attempt the unit cannot read, known by what
  /// it is handed; the loops in \p Reported were reported already.
  void reportUnreadAttempts(ASTContext &Context, llvm::ArrayRef<locklint::model::AcquireSite> Sites,
                            const llvm::DenseSet<const Stmt *> &Reported);
};

} // namespace clang::tidy::distlock

#endif
