//===--- AnswerCases.h - what a function hands on for each answer -*- C++ -*-===//
//
// A function that takes a lock for its caller tells it the outcome in a
// value of its own: 1, 0 or -1, an enum, true through an out-parameter.
// Which value stands for "held" is found by running the function once for
// each answer its acquire may give (AnswerRun.h) and comparing the ends.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ANSWERCASES_H
#define LOCKLINT_CHECKS_MODEL_ANSWERCASES_H

#include "model/scopes/ReplyClasses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <vector>

namespace locklint::model {

/// The answers an acquire may give: the kinds of a hiredis reply, or the
/// status values of a call that answers in numbers (ZOK and its errors).
struct AcquireAnswers {
  std::optional<TakeAnswer> Reply;
  llvm::ArrayRef<int64_t> Successes, Failures;
  /// Or, for a call that answers through the local it is handed (`&held`):
  /// that local, whose values are Successes and Failures (1 and 0 when
  /// empty), while the call itself returns Ran when its query ran and
  /// Failed when it did not.
  const clang::VarDecl *Through = nullptr;
  int64_t Ran = 1, Failed = 0;
};

/// What a function hands its caller where the lock is held and where not.
struct HandedOutcome {
  std::vector<int64_t> Successes, Failures;
  /// The parameter the outcome goes out through (`*held = ...`), when the
  /// returned value tells nothing apart (a "query ran" answer).
  std::optional<unsigned> Parameter;
  /// Or it throws where the lock is not held and returns where it is.
  bool HoldsOnReturn = false;
};

/// Runs \p Function from its statement \p First once for each answer of
/// \p Answers, reading the answer where \p IsAnswer accepts an expression:
/// the values it returns, or else stores through one parameter, when those
/// where the lock is held and those where it is not are apart; or that it
/// throws where it is not held and returns where it is. An error
/// reply is judged only when it gives a value of its own: code that leaves
/// on no reply and on the busy answer checks its take. std::nullopt when a
/// run cannot be followed or the values mix.
std::optional<HandedOutcome> handedOutcome(const clang::FunctionDecl &Function,
                                           const clang::Stmt *First,
                                           llvm::function_ref<bool(const clang::Expr *)> IsAnswer,
                                           const AcquireAnswers &Answers,
                                           clang::ASTContext &Context);

} // namespace locklint::model

#endif
