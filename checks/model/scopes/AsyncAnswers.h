//===--- AsyncAnswers.h - where an asynchronous acquire answers -*- C++ -*-===//
//
// An asynchronous client (hiredis's redisAsyncCommand) returns as soon as
// the command is queued: what the server answered reaches the callback it
// was handed, as one of that function's parameters. The callback is where
// the lock is known to be held or not, so that is where its answer must be
// read before the work; the call's own value says only that the command was
// queued.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ASYNCANSWERS_H
#define LOCKLINT_CHECKS_MODEL_ASYNCANSWERS_H

#include "model/redis/ClientModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <vector>

namespace locklint::model {

/// The calls in a statement that do the work a lock protects, in source
/// order.
using WorkCallsFn =
    llvm::function_ref<std::vector<const clang::CallExpr *>(const clang::Stmt *)>;

/// How the callback of an asynchronous acquire reads the reply before its
/// work.
struct AsyncAnswerReading {
  enum class Verdict {
    /// The reply is never read: the work runs whatever it says.
    NeverRead,
    /// The only test of the reply before the work asks whether there is
    /// one (`if (!reply) return;`): a refusal is a reply too.
    OnlyWhetherReplied,
  };
  Verdict Kind;
  const clang::FunctionDecl *Callback = nullptr;
  /// The first work the callback does without knowing it holds the lock.
  const clang::CallExpr *Work = nullptr;
  /// For OnlyWhetherReplied: the test.
  const clang::Expr *Test = nullptr;
};

/// The function of this unit, with a body, that \p E names (`cb`, `&cb`,
/// `(redisCallbackFn *)cb`); nullptr for anything else.
const clang::FunctionDecl *callbackNamed(const clang::Expr *E);

/// What the callback \p Named names (an argument of the call that queues
/// the take) does with the reply it gets as parameter \p ReplyParam, when
/// it does work that no test of the reply guards; std::nullopt when the
/// callback is not in this unit, tests the reply before its work, or hands
/// the reply on (another function decides).
std::optional<AsyncAnswerReading> readAsyncAnswer(const clang::Expr &Named, unsigned ReplyParam,
                                                  clang::ASTContext &Context, WorkCallsFn WorkCalls);

/// When \p Submit's own value is tested (`if (redisAsyncCommand(...) ==
/// REDIS_OK)`) and a branch of that test works: the first such work. The
/// value says the command was queued, never that the lock was taken.
const clang::CallExpr *workOnQueuedTest(const clang::CallExpr &Submit, clang::ASTContext &Context,
                                        WorkCallsFn WorkCalls);

} // namespace locklint::model

#endif
