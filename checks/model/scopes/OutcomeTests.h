//===--- OutcomeTests.h - what a test of an acquire's answer says -*- C++ -*-===//
//
// An acquire answers whether it took the lock in a value: a reply, a bool, a
// status of the program's own, a token that is empty when it failed, the
// text a database server fetched. Every check asks the same question of the
// code that reads that value: on which side of this test is the lock held?
// This is the one place that answers it, for conditions, loop conditions,
// returns and switch cases alike.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_OUTCOMETESTS_H
#define LOCKLINT_CHECKS_MODEL_OUTCOMETESTS_H

#include "model/sql/SqlExecutions.h"
#include <limits>
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <vector>

namespace locklint::model {

/// What is known of an acquire's answer before any test reads it.
struct AnswerMeaning {
  /// The status values it answers on success and on failure, when it
  /// answers values of the program's own; empty when the answer is a reply,
  /// a bool, a pointer or a token, true (non-null, not empty) on success.
  llvm::ArrayRef<int64_t> Successes, Failures;
  /// For a lock taken by SQL: the call in the statement, whose server
  /// fetches a text of its own when it took the lock ('t', '1').
  const SqlStatement::AdvisoryCall *Sql = nullptr;
};

/// Whether \p Condition being true (non-zero) means the acquire took the
/// lock, reading the answer at \p Ref, an expression inside it; std::nullopt
/// when the test says nothing certain. Reads negations, comparisons with
/// failure values (null, 0, false, an error reply type) and with the status
/// values of \p Meaning, `strcmp`-like comparisons with the success text,
/// the first character of a fetched text, `empty()` and `is_null()`-like
/// questions, ternaries of two constants, and functions of the program that
/// answer a test of what they are handed (`bool IsOk(const redisReply *r)`).
/// In a list of success values, the top of a range that starts at the
/// value before it: a take that answers a fencing number answers 1 or more
/// (`1, RangeTop`). The readings judge a range by both its ends.
constexpr int64_t RangeTop = std::numeric_limits<int64_t>::max();

std::optional<bool> conditionSays(const clang::Expr *Ref, const clang::Expr *Condition,
                                  clang::ASTContext &Context, const AnswerMeaning &Meaning);

/// For a lock taken by SQL: true when \p Condition reads the answer at
/// \p Ref for how the result came back (`PQresultStatus(r) !=
/// PGRES_TUPLES_OK`, `PQntuples(r) != 1`, `!row`, `row[0] == NULL`), with
/// \p RanWhenTrue whether the condition being true says the query ran.
/// Such a test tells an error from an answer, never a lock taken from one
/// refused, and conditionSays reads nothing in it.
bool asksWhetherRan(const clang::Expr *Ref, const clang::Expr *Condition,
                    clang::ASTContext &Context, const AnswerMeaning &Meaning,
                    std::optional<bool> &RanWhenTrue);

/// When \p Condition compares an acquire's status (an expression
/// \p IsStatus accepts: the call, or a variable that keeps its answer)
/// with a constant and holds for none of \p Meaning's success values: the
/// failure values it holds for (`rc == ZNODEEXISTS`; `st < 0` where 0 is
/// busy and -1 an error). Empty otherwise.
std::vector<int64_t> failuresAsked(const clang::Expr *Condition,
                                   llvm::function_ref<bool(const clang::Expr *)> IsStatus,
                                   const clang::ASTContext &Context, const AnswerMeaning &Meaning);

/// When \p Condition tests an acquire's status (as failuresAsked) so that
/// one branch holds every success value and some failure values, and the
/// other only failures (`st != kBusy` where kError fails too; `rc < 0`
/// where 0 is busy; `if (rc)` where -1 is an error): true when the branch
/// that lets failures through with the successes is the true one, false
/// when it is the false one. std::nullopt for a test that tells them apart.
std::optional<bool> mixedBranch(const clang::Expr *Condition,
                                llvm::function_ref<bool(const clang::Expr *)> IsStatus,
                                const clang::ASTContext &Context, const AnswerMeaning &Meaning);

/// What each case of a switch over an acquire's status says: the cases
/// where the lock is held, and those where it is not. A default stands for
/// the values no case names.
struct SwitchOutcomes {
  llvm::SmallVector<const clang::SwitchCase *, 2> Held, NotHeld;
  /// True when every value the acquire may answer has a case, or there is
  /// a default: control cannot pass the switch by none.
  bool Exhaustive = false;

  /// The statements of the switch's body, each with the cases it starts
  /// (`case A: case B: work();` starts two): how control runs from case to
  /// case.
  struct Step {
    const clang::Stmt *S;
    llvm::SmallVector<const clang::SwitchCase *, 1> Starts;
  };
  llvm::SmallVector<Step, 8> Steps;

  /// The steps control runs from step \p First on, to \p Last, and whether
  /// it then goes on after the switch (a break, the end of the body) rather
  /// than leaving (a return, a throw, a jump).
  struct Run {
    unsigned First, Last;
    bool ReachesEnd;
  };
  Run runFrom(unsigned First) const;

  /// True when the run from step \p First ends in a throw.
  bool throwsFrom(unsigned First) const;

  /// The step each case of \p Cases starts.
  llvm::SmallVector<unsigned, 2> stepsOf(llvm::ArrayRef<const clang::SwitchCase *> Cases) const;
};

/// The cases of \p Switch, a switch over a status whose values \p Meaning
/// names; std::nullopt when a case names another value or a default mixes
/// success and failure.
std::optional<SwitchOutcomes> readSwitch(const clang::SwitchStmt &Switch,
                                         const clang::ASTContext &Context,
                                         const AnswerMeaning &Meaning);

/// The constants \p E chooses among, through ternaries however nested
/// (`a ? 1 : (b ? 0 : -1)`), added to \p Values; false when a choice is no
/// constant.
bool constantChoices(const clang::Expr *E, llvm::SmallVectorImpl<int64_t> &Values,
                     const clang::ASTContext &Context);

/// The integer value of \p E when it is a constant (a bool, an enumerator).
std::optional<int64_t> integerValue(const clang::Expr *E, const clang::ASTContext &Context);

/// True when \p E is a value that is empty whatever the program does: a
/// null pointer, "", `std::string()`, `{}`, `std::nullopt`.
bool isEmptyValue(const clang::Expr *E, clang::ASTContext &Context);

} // namespace locklint::model

#endif
