//===--- ReplyClasses.h - which hiredis replies a test lets through -*- C++ -*-===//
//
// A take's reply is one of four kinds: none at all (the connection failed),
// an error reply, the answer that someone else holds the key (nil for
// SET NX, 0 for SETNX or a script), or the answer that the take succeeded
// ("OK", or 1). A test of the reply lets some of them through on each
// branch; a test that only asks whether a reply came back lets the busy
// answer through with the success.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_REPLYCLASSES_H
#define LOCKLINT_CHECKS_MODEL_REPLYCLASSES_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace locklint::model {

/// The kinds of reply, as bits of a set.
enum ReplyClass : unsigned {
  NoReply = 1u << 0,
  ErrorReply = 1u << 1,
  BusyReply = 1u << 2,
  TakenReply = 1u << 3,
};
constexpr unsigned AllReplies = NoReply | ErrorReply | BusyReply | TakenReply;
constexpr unsigned FailedReplies = NoReply | ErrorReply | BusyReply;

/// How the take answers: a status ("OK", nil when busy) or an integer (1,
/// 0 when busy).
enum class TakeAnswer { Status, Integer };

/// The value of \p E for a reply of kind \p Class when \p E reads the
/// reply itself: the pointer (what \p IsReply accepts), its `type` or
/// `integer`, a `strcmp` of its text; std::nullopt for anything else. The
/// leaf of a run of code under that reply (AnswerRun.h).
std::optional<int64_t> replyPart(const clang::Expr *E,
                                 llvm::function_ref<bool(const clang::Expr *)> IsReply,
                                 TakeAnswer Answer, ReplyClass Class);

/// Of the replies \p Possible (those earlier tests did not leave on), the
/// ones for which \p Condition is true, where \p IsReply accepts the
/// expressions that stand for the reply pointer (the variable that keeps
/// it). std::nullopt when the condition reads anything else, or the reply
/// in a way not known here.
std::optional<unsigned> repliesWhere(const clang::Expr *Condition,
                                     llvm::function_ref<bool(const clang::Expr *)> IsReply,
                                     TakeAnswer Answer, unsigned Possible,
                                     const clang::ASTContext &Context);

} // namespace locklint::model

#endif
