//===--- HandleLocks.h - locks held through a handle ------------*- C++ -*-===//
//
// C services wrap ZooKeeper's lock recipe in two functions of their own: one
// takes the lock and returns the path of the node it created, the other
// deletes the node its parameter names. A caller holds the lock from the
// first call to the second, through the variable that keeps the path. Both
// bodies must be in the unit: the pairing is what the code does, not what
// the functions are called.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_HANDLELOCKS_H
#define LOCKLINT_CHECKS_MODEL_HANDLELOCKS_H

#include "model/redis/CommandSummaries.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/zookeeper/ZooKeeperCalls.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace locklint::model {

/// A lock held through a handle in one caller.
struct HandleLockScope {
  /// From the taking call to the end of the block that keeps the handle.
  DistributedLockScope Scope;
  /// The variable that keeps the handle.
  const clang::VarDecl *Handle = nullptr;
  /// The node's create inside the taking function, and that function.
  const clang::CallExpr *Create = nullptr;
  const clang::FunctionDecl *Taker = nullptr;
  /// The caller's calls that delete the node through the handle.
  std::vector<const clang::Expr *> Releases;
};

/// The locks the unit's callers hold through handles: \p Calls are the calls
/// of the unit's functions, \p Zoo its ZooKeeper calls and \p ApiCalls its
/// lock-node creates. A caller that never hands the handle to a deleting
/// function holds no scope here.
std::vector<HandleLockScope> findHandleLockScopes(clang::ASTContext &Context,
                                                  llvm::ArrayRef<HelperCall> Calls,
                                                  const ZooKeeperCalls &Zoo,
                                                  llvm::ArrayRef<LockApiCall> ApiCalls);

/// True when \p S lies in a branch of an if-statement whose condition reads
/// \p Handle: a test of whether the lock was taken at all.
bool underTestOf(const clang::Stmt *S, const clang::VarDecl *Handle, clang::ASTContext &Context);

} // namespace locklint::model

#endif
