//===--- LocalLockScopes.h - where an in-process lock is held --*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_LOCALLOCKSCOPES_H
#define LOCKLINT_CHECKS_MODEL_LOCALLOCKSCOPES_H

#include "model/scopes/LocalLockModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <string>
#include <vector>

namespace locklint::model {

/// A region of one function where a process-local lock is held.
struct LocalLockScope {
  const clang::FunctionDecl *Function = nullptr;
  /// Where the lock is taken (the guard's declaration, the lock() call), and
  /// the last place it is still held.
  clang::SourceLocation Acquired, Begin, End;
  /// The lock's type as the user wrote it: "std::mutex", "pthread_mutex_t".
  std::string LockType;

  bool contains(clang::SourceLocation Loc, const clang::SourceManager &SM) const;
};

/// Finds local lock scopes from the declarations and calls the model names.
///
///   LocalLockScopes Scopes(Model, Context);
///   Scopes.addGuard(Var); Scopes.addCall(Call);   // as matchers find them
///   for (const LocalLockScope &Scope : Scopes.finish()) ...
///
/// A guard holds its lock to the end of its block, or to its unlock() in that
/// block; a lock() call holds it to the last unlock() of the same mutex in the
/// same block, or to the block's end. Unlocks inside nested branches (early
/// returns) do not end the scope for the code after them.
class LocalLockScopes {
public:
  LocalLockScopes(const LocalLockModel &Model, clang::ASTContext &Context)
      : Model(Model), Context(Context) {}

  void addGuard(const clang::VarDecl *Guard);
  /// A member call lock()/unlock() on a mutex or guard, or a lock function.
  void addCall(const clang::CallExpr *Call);
  std::vector<LocalLockScope> finish();

  /// Names for matchers: guard classes, lock and unlock methods, functions.
  static std::vector<std::string> guardNames(const LocalLockModel &Model);
  static std::vector<std::string> methodNames(const LocalLockModel &Model);
  static std::vector<std::string> functionNames(const LocalLockModel &Model);

private:
  struct Call {
    const clang::CallExpr *Expr;
    std::string Object;
    bool Locks;
    std::string Type;
    bool OnGuard;
  };

  const LocalLockModel &Model;
  clang::ASTContext &Context;
  std::vector<const clang::VarDecl *> Guards;
  std::vector<Call> Calls;
};

} // namespace locklint::model

#endif
