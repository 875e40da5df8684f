//===--- CallKeepers.h - the variables that keep a call's value -*- C++ -*-===//
//
// Code tests a call's answer where it calls, or later through the variable
// it kept it in (`redisReply *r = redisCommand(...)`, `rc = zoo_create(...)`).
// A question about the answer asks about both.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_CALLKEEPERS_H
#define LOCKLINT_CHECKS_MODEL_CALLKEEPERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace locklint::model {

/// The answer of one call in its function: the call, and the variables of
/// the function declared with it or assigned it.
class CallKeepers {
public:
  CallKeepers(const clang::Stmt *Call, const clang::FunctionDecl *Function);

  /// True when \p Root reads the answer: holds the call or names a keeper.
  bool readIn(const clang::Stmt *Root) const;

private:
  const clang::Stmt *Call;
  llvm::SmallPtrSet<const clang::VarDecl *, 2> Kept;
};

} // namespace locklint::model

#endif
