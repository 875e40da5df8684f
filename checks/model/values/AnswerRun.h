//===--- AnswerRun.h - what code does for one assumed answer -----*- C++ -*-===//
//
// Whether an acquire took its lock is known only by what the code does with
// the answer: a classifier turns a reply into 1, 0 or -1 through ifs, a
// switch and a local status; a wrapper stores a test of it through a
// parameter. Rather than recognise each way of writing that, the code is
// run, for one assumed answer at a time, over the integers it computes:
// what it returns and what it stores then is what it says for that answer.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ANSWERRUN_H
#define LOCKLINT_CHECKS_MODEL_ANSWERRUN_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <optional>

namespace locklint::model {

/// The value of an expression that reads the answer itself (`reply`,
/// `reply->type`, `strcmp(reply->str, "OK")`, the status variable) under
/// the assumed answer; std::nullopt for any other expression.
using AnswerLeaf = llvm::function_ref<std::optional<int64_t>(const clang::Expr *)>;

/// The integer value of \p E under the assumed answer: constants, the
/// leaves \p Leaf knows, the locals in \p Locals, and `!`, `&&`, `||`
/// (short-circuit), comparisons and `?:` of those. std::nullopt when any
/// part that decides it is unknown.
std::optional<int64_t> answerValue(const clang::Expr *E, AnswerLeaf Leaf,
                                   const clang::ASTContext &Context,
                                   const llvm::DenseMap<const clang::VarDecl *, int64_t> *Locals =
                                       nullptr);

/// The parameter \p Target writes through: `*held` of a pointer, `held`
/// of a reference; null for anything else.
const clang::ParmVarDecl *parameterWritten(const clang::Expr *Target);

/// What a run from a statement on ends with.
struct AnswerRunEnd {
  /// The constant returned.
  int64_t Returned = 0;
  /// Or the run ended in a throw: nothing was returned.
  bool Threw = false;
  /// The constant last stored through each pointer or reference
  /// parameter (`*held = ...`, `held = ...`) on the way.
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> Stored;
};

/// Runs \p Function from its statement \p First (null for the start of its
/// body) to its return, under the assumed answer. Follows blocks,
/// declarations and assignments of locals, if, switch (with fallthrough and
/// break), return and throw; lets calls that are not assignments run by,
/// except those handed a local's address, which forget it. std::nullopt at
/// a loop, a jump, a try, a test it cannot decide, or a return whose value
/// it cannot.
std::optional<AnswerRunEnd> runFrom(const clang::FunctionDecl &Function, const clang::Stmt *First,
                                    AnswerLeaf Leaf, clang::ASTContext &Context);

} // namespace locklint::model

#endif
