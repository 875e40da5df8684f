//===--- AnswerCases.cpp - what a function hands on for each answer -------===//

#include "model/scopes/AnswerCases.h"
#include "model/values/AnswerRun.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace locklint::model {
namespace {

enum class Side { Held, NotHeld, Error };

struct Case {
  Side Where;
  AnswerRunEnd End;
};

void add(std::vector<int64_t> &Into, int64_t Value) {
  if (!llvm::is_contained(Into, Value))
    Into.push_back(Value);
}

/// The ends of one run per answer; std::nullopt when a run of a judged
/// answer cannot be followed.
std::optional<std::vector<Case>> runEach(const FunctionDecl &Function, const Stmt *First,
                                         llvm::function_ref<bool(const Expr *)> IsAnswer,
                                         const AcquireAnswers &Answers, ASTContext &Context) {
  std::vector<Case> Cases;
  if (Answers.Through) {
    static constexpr int64_t Truth[] = {1}, Untruth[] = {0};
    llvm::ArrayRef<int64_t> Successes = Answers.Successes.empty() ? Truth : Answers.Successes;
    llvm::ArrayRef<int64_t> Failures = Answers.Failures.empty() ? Untruth : Answers.Failures;
    // The call that failed to run set nothing: the local keeps the value
    // it had, which only the run reads.
    struct Assumed {
      Side Where;
      int64_t Returned;
      std::optional<int64_t> Kept;
    };
    std::vector<Assumed> Each;
    for (int64_t Value : Successes)
      Each.push_back({Side::Held, Answers.Ran, Value});
    for (int64_t Value : Failures)
      Each.push_back({Side::NotHeld, Answers.Ran, Value});
    Each.push_back({Side::Error, Answers.Failed, std::nullopt});
    for (const Assumed &A : Each) {
      auto Leaf = [&](const Expr *E) -> std::optional<int64_t> {
        if (IsAnswer(E))
          return A.Returned;
        const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
        if (Ref && Ref->getDecl() == Answers.Through)
          return A.Kept;
        return std::nullopt;
      };
      std::optional<AnswerRunEnd> End = runFrom(Function, First, Leaf, Context);
      if (!End && A.Where != Side::Error)
        return std::nullopt;
      if (End)
        Cases.push_back({A.Where, std::move(*End)});
    }
    return Cases;
  }
  if (Answers.Reply) {
    for (ReplyClass Class : {NoReply, BusyReply, TakenReply, ErrorReply}) {
      auto Leaf = [&](const Expr *E) { return replyPart(E, IsAnswer, *Answers.Reply, Class); };
      std::optional<AnswerRunEnd> End = runFrom(Function, First, Leaf, Context);
      if (!End && Class != ErrorReply)
        return std::nullopt;
      if (End)
        Cases.push_back({Class == TakenReply  ? Side::Held
                         : Class == ErrorReply ? Side::Error
                                               : Side::NotHeld,
                         std::move(*End)});
    }
    return Cases;
  }
  for (bool Held : {true, false})
    for (int64_t Status : Held ? Answers.Successes : Answers.Failures) {
      auto Leaf = [&](const Expr *E) {
        return IsAnswer(E) ? std::optional<int64_t>(Status) : std::nullopt;
      };
      std::optional<AnswerRunEnd> End = runFrom(Function, First, Leaf, Context);
      if (!End)
        return std::nullopt;
      Cases.push_back({Held ? Side::Held : Side::NotHeld, std::move(*End)});
    }
  return Cases;
}

/// The values \p ValueOf reads from each end, split by where the lock is
/// held, when the two sides are apart.
std::optional<HandedOutcome>
split(llvm::ArrayRef<Case> Cases,
      llvm::function_ref<std::optional<int64_t>(const AnswerRunEnd &)> ValueOf) {
  HandedOutcome Out;
  for (const Case &C : Cases) {
    if (C.Where == Side::Error)
      continue;
    std::optional<int64_t> Value = ValueOf(C.End);
    if (!Value)
      return std::nullopt;
    add(C.Where == Side::Held ? Out.Successes : Out.Failures, *Value);
  }
  if (Out.Successes.empty() || Out.Failures.empty() ||
      llvm::any_of(Out.Successes,
                   [&](int64_t Value) { return llvm::is_contained(Out.Failures, Value); }))
    return std::nullopt;
  for (const Case &C : Cases)
    if (C.Where == Side::Error)
      if (std::optional<int64_t> Value = ValueOf(C.End);
          Value && !llvm::is_contained(Out.Successes, *Value))
        add(Out.Failures, *Value);
  return Out;
}

} // namespace

std::optional<HandedOutcome> handedOutcome(const FunctionDecl &Function, const Stmt *First,
                                           llvm::function_ref<bool(const Expr *)> IsAnswer,
                                           const AcquireAnswers &Answers, ASTContext &Context) {
  std::optional<std::vector<Case>> Cases = runEach(Function, First, IsAnswer, Answers, Context);
  if (!Cases || Cases->empty())
    return std::nullopt;
  bool ThrowsUnheld = llvm::all_of(*Cases, [](const Case &C) {
    return C.Where == Side::Held ? !C.End.Threw : C.Where == Side::NotHeld ? C.End.Threw : true;
  });
  if (ThrowsUnheld) {
    HandedOutcome Holds;
    Holds.HoldsOnReturn = true;
    return Holds;
  }
  // A throw on some answers and a value on others tells nothing here.
  if (llvm::any_of(*Cases, [](const Case &C) { return C.End.Threw; }))
    return std::nullopt;
  if (std::optional<HandedOutcome> Returned =
          split(*Cases, [](const AnswerRunEnd &End) { return std::optional(End.Returned); }))
    return Returned;
  // The same value returned whatever the answer: the outcome may go out
  // through a parameter instead.
  for (const auto &[Parameter, Unused] : Cases->front().End.Stored) {
    std::optional<HandedOutcome> Stored =
        split(*Cases, [&, Parameter = Parameter](const AnswerRunEnd &End) -> std::optional<int64_t> {
          auto It = End.Stored.find(Parameter);
          return It == End.Stored.end() ? std::nullopt : std::optional(It->second);
        });
    if (Stored) {
      Stored->Parameter = Parameter->getFunctionScopeIndex();
      return Stored;
    }
  }
  return std::nullopt;
}

} // namespace locklint::model
