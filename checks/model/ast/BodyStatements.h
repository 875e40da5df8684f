//===--- BodyStatements.h - a function body's statements, listed once -*- C++ -*-===//
//
// Several readers walk the whole body of the same function: the references
// to each variable, the exits and calls, the returns, the writes. A walk
// costs about a hundred instructions a node; running over a list of the
// nodes costs a few. The list is made at the first walk of a body and kept
// with the AST.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_AST_BODYSTATEMENTS_H
#define LOCKLINT_CHECKS_MODEL_AST_BODYSTATEMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace locklint::model {

/// Calls \p Visit on \p Body and every statement below it, in the order
/// anyStmt visits them, until \p Visit returns true; returns whether it
/// did. With \p SkipLambdas, the statements of the lambdas \p Body holds
/// are left out, as anyOwnStmt leaves them out.
bool anyBodyStmt(const clang::Stmt *Body, clang::ASTContext &Context, bool SkipLambdas,
                 llvm::function_ref<bool(const clang::Stmt *)> Visit);

} // namespace locklint::model

#endif
