//===--- RetryJumps.h - retries written without a loop statement -*- C++ -*-===//
//
// A wait for a lock need not be a while loop: C code jumps back to a label
// before the acquire (`retry: ... goto retry;`), and a function may call
// itself again after a pause. Each is a loop all the same; this finds them,
// with the tests that decide whether control gets back to the acquire, so
// that the wait is judged like a loop's.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_RETRYJUMPS_H
#define LOCKLINT_CHECKS_MODEL_RETRYJUMPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace locklint::model {

struct RetryJump {
  /// The goto back to a label before the acquire, or the call of the
  /// function itself.
  const clang::Stmt *Retry = nullptr;
  /// What runs again: the statements from the label to the goto, or the
  /// function's body.
  std::vector<const clang::Stmt *> Region;
  /// The conditions control passes after the acquire on its way to the
  /// retry: of the ifs around it, and of the ifs before it that leave.
  std::vector<const clang::Expr *> Guards;
};

/// The retries of \p Acquire, a call in \p Function: gotos after it to a
/// label before it in a block that holds both, and calls of \p Function
/// itself after it. None inside a loop statement between the two, which
/// reads as a loop.
std::vector<RetryJump> retryJumps(const clang::Expr *Acquire, const clang::FunctionDecl &Function,
                                  clang::ASTContext &Context);

} // namespace locklint::model

#endif
