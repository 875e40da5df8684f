//===--- LoopBounds.h - does a wait loop end on its own ---------*- C++ -*-===//
//
// A loop that waits for a lock ends when the lock comes, or at a bound the
// program sets: a deadline read from a clock, a wait with a timeout, a
// count of attempts. This reads a loop for any sign of such a bound, so
// that only loops with none are reported.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LOOPBOUNDS_H
#define LOCKLINT_CHECKS_MODEL_LOOPBOUNDS_H

#include "clang/AST/Stmt.h"

namespace locklint::model {

/// The body and the condition of a while, do or for loop; both null for
/// any other statement.
struct LoopParts {
  const clang::Stmt *Body = nullptr;
  const clang::Expr *Condition = nullptr;
};
LoopParts loopParts(const clang::Stmt *Loop);

/// True when \p Loop shows a bound besides its success: a call that reads a
/// clock or waits with a timeout, a variable named for a deadline or a
/// number of attempts, or a condition that counts (`i < max`). The call
/// \p Retry, a function's call of itself, is read for its arguments only:
/// its name (`wait_for_shard`) is no clock.
bool hasVisibleBound(const clang::Stmt *Loop, const clang::Stmt *Retry = nullptr);

/// True when \p Loop's body has a way out besides its condition: a break
/// of this loop (not of a loop or switch inside it) or a goto, and, when
/// \p Returns, a return or a throw too. Those two leave the function: code
/// after the loop is reached by the condition or a break alone.
bool leavesBody(const clang::Stmt *Loop, bool Returns);

/// True when nothing in \p Loop can end it but its condition, and the
/// condition reads no variable the body changes: `while (running_)` over a
/// flag another function clears. Such a loop runs as long as its owner
/// wants, whatever the calls in it answer; it waits for none of them.
bool endsOnlyFromOutside(const clang::Stmt *Loop);

} // namespace locklint::model

#endif
