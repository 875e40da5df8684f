//===--- ScopeAccesses.h - what a region of code does to shared state -*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_SCOPEACCESSES_H
#define LOCKLINT_CHECKS_MODEL_SCOPEACCESSES_H

#include "model/redis/CommandSummaries.h"
#include "model/redis/LockIndex.h"
#include "model/sql/SqlExecutions.h"
#include "model/values/SourceOrder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace locklint::model {

/// A Redis command or a SQL execution that a region of code performs, at the
/// place in the region where it happens: the call itself, or the call of the
/// helper function that performs it.
struct Access {
  clang::SourceLocation At;
  const RedisCommand *Command = nullptr;
  const SqlExecution *Sql = nullptr;
  /// For SQL: the connection as the region sees it. A helper's connection
  /// parameter is the argument the region passes.
  std::string Connection;
};

/// Lists the accesses of a region of one function, following the functions
/// it calls a few levels deep; the region is given as a predicate on
/// locations, so lock scopes of any kind can use it. A helper's command built
/// from its parameters is the instance at the region's call, with the
/// region's arguments in it.
///
///   ScopeAccesses Accesses(Index, Executions, HelperCalls);
///   for (const Access &A : Accesses.of(Function, InScope)) ...
class ScopeAccesses {
public:
  ScopeAccesses(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Executions,
                llvm::ArrayRef<HelperCall> Calls);

  /// The accesses of \p Function at locations \p Inside accepts, in order.
  /// \p Inside accepts nothing before \p Begin or after \p End: only the
  /// commands between them are asked about.
  std::vector<Access> of(const clang::FunctionDecl *Function, clang::SourceLocation Begin,
                         clang::SourceLocation End,
                         llvm::function_ref<bool(clang::SourceLocation)> Inside) const;

private:
  /// What a helper's parameters stand for at the call being followed.
  using Bindings = llvm::DenseMap<const clang::ParmVarDecl *, std::string>;

  void collect(const clang::FunctionDecl *Function, clang::SourceRange Region,
               llvm::function_ref<bool(clang::SourceLocation)> Inside, clang::SourceLocation At,
               unsigned Depth, const Bindings &Bound, std::vector<Access> &Found) const;
  /// \p Function's commands whose calls may lie in \p Region (all of them
  /// for an invalid one), in source order.
  llvm::ArrayRef<const RedisCommand *> commandsIn(const clang::FunctionDecl *Function,
                                                  clang::SourceRange Region) const;
  std::string connectionOf(const clang::Expr *E, const std::string &Identity,
                           const Bindings &Bound) const;

  const LockIndex &Index;
  // What each function does and calls, so a region costs what it holds,
  // not what its function or the translation unit holds. Commands are in
  // source order of their calls (expansion locations).
  llvm::DenseMap<const clang::FunctionDecl *, InSourceOrder<const RedisCommand *>> Commands;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const SqlExecution *>> Executions;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const HelperCall *>> Calls;
};

} // namespace locklint::model

#endif
