//===--- CallResults.h - what happens to a call's result --------*- C++ -*-===//
//
// A Redis acquire means something only through its outcome: dropped, it
// creates a value once; kept in a variable, it can be tested, and a branch
// that tests it is where the caller learns that the command failed.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_CALLRESULTS_H
#define LOCKLINT_CHECKS_MODEL_CALLRESULTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace locklint::model {

/// True when the value of \p Call is thrown away: the call is a statement of
/// its own, or is cast to void.
bool resultDiscarded(const clang::Expr *Call, clang::ASTContext &Context);

/// The variable that receives \p Call's value, by its initializer or by an
/// assignment (`reply = (redisReply *)redisCommand(...)`), a member of this
/// object included; null otherwise.
const clang::ValueDecl *resultHolder(const clang::Expr *Call, clang::ASTContext &Context);

/// True when \p Call's value, or the local that receives it, is compared
/// for equality with \p Value in its function: `incr(key) == 1`,
/// `int n = incr(key); return n == 1;`, `reply->integer != 1`.
bool comparedWith(const clang::Expr *Call, int64_t Value, const clang::FunctionDecl *Function,
                  clang::ASTContext &Context);

/// The innermost `if` around \p S whose condition reads \p Holder, with \p S
/// in its branches; null when there is none.
const clang::IfStmt *enclosingTestOf(const clang::Stmt *S, const clang::ValueDecl *Holder,
                                     clang::ASTContext &Context);

/// True when \p S runs only after a test of \p Holder: inside a branch of
/// one, or after an `if` on it whose branch leaves (`if (!reply) return;`).
bool passedTestOf(const clang::Stmt *S, const clang::ValueDecl *Holder,
                  clang::ASTContext &Context);

} // namespace locklint::model

#endif
