//===--- ReleaseNotOnEveryPathCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_RELEASENOTONEVERYPATHCHECK_H
#define LOCKLINT_CHECKS_RELEASENOTONEVERYPATHCHECK_H

#include "AcquireCheckBase.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/HandleLocks.h"
#include "model/values/FunctionCfg.h"
#include "model/values/SourceOrder.h"

namespace clang::tidy::distlock {

/// Finds a distributed lock taken and released in one function where an
/// early return, a break or continue, a throw, or an exception from a call
/// leaves the lock held.
///
/// For the user-facing documentation see
/// docs/checks/distlock-release-not-on-every-path.md
class ReleaseNotOnEveryPathCheck : public AcquireCheckBase {
public:
  ReleaseNotOnEveryPathCheck(StringRef Name, ClangTidyContext *Context)
      : AcquireCheckBase(Name, Context) {}

private:
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;
  /// Reports the exits in \p Scope before its first release that no
  /// release runs before. \p Held, for a lock held through a handle: the
  /// handle's tests are not the lock's paths, and its evidence is noted.
  /// \p Extends: the calls in the scope that renew the lock's expiry.
  void reportSkippingExits(const locklint::model::DistributedLockScope &Scope,
                           llvm::ArrayRef<const Expr *> Releases, ASTContext &Context,
                           const locklint::model::HandleLockScope *Held = nullptr,
                           llvm::ArrayRef<const Expr *> Extends = {});
  /// Reports the lock \p Held holds through a handle.
  void reportHandleLock(const locklint::model::HandleLockScope &Held,
                        const locklint::model::LockIndex &Index);
  /// Reports the first call in \p Scope, before its first release, that may
  /// throw when no handler of the function releases.
  void reportThrowingCall(const locklint::model::DistributedLockScope &Scope,
                          llvm::ArrayRef<const Expr *> Releases,
                          const locklint::model::LockIndex &Index);

  /// What one function holds, in source order, gathered once however many
  /// scopes it has: its own statements, none of the lambdas it defines.
  struct FunctionFacts {
    locklint::model::InSourceOrder<const Stmt *> Exits;
    locklint::model::InSourceOrder<const CallExpr *> Calls;
    std::vector<const CXXCatchStmt *> Handlers;
  };
  const FunctionFacts &factsOf(const FunctionDecl *Function, ASTContext &Context);

  llvm::DenseMap<const FunctionDecl *, FunctionFacts> Facts;
  /// The exits reported in this unit, each once.
  llvm::DenseSet<const Stmt *> Reported;
  /// The graphs with exception edges of the functions asked about.
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<locklint::model::FunctionCfg>> Graphs;
  /// Which functions were seen to throw.
  llvm::DenseMap<const FunctionDecl *, bool> Throwers;
};

} // namespace clang::tidy::distlock

#endif
