//===--- OutcomeTests.cpp - what a test of an acquire's answer says -------===//

#include "model/scopes/OutcomeTests.h"
#include "model/sql/ResultShape.h"
#include "model/sql/SqlLockFunctions.h"
#include "model/values/CallRoles.h"
#include "model/values/ExprText.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace locklint::model {
namespace {

/// How many functions of the program a test may go through: `IsOk(r)`
/// calling `IsStatus(r)`.
constexpr unsigned MaxPredicateDepth = 3;

/// The truth all of \p Values share; std::nullopt when they differ.
std::optional<bool> truthOf(llvm::ArrayRef<int64_t> Values) {
  bool AllTrue = llvm::all_of(Values, [](int64_t V) { return V != 0; });
  bool AllFalse = llvm::none_of(Values, [](int64_t V) { return V != 0; });
  if (AllTrue == AllFalse)
    return std::nullopt;
  return AllTrue;
}

/// What \p Condition being true says of the answer at \p Ref. For a lock
/// taken by SQL, a test of how the result came back sets \p AsksShape, and
/// what it says is then whether the query ran.
std::optional<bool> says(const Expr *Ref, const Expr *Condition, ASTContext &Context,
                         const AnswerMeaning &Meaning, unsigned Depth, bool &AsksShape);

/// The text a successful acquire answers: "OK" (in any case) for a Redis
/// reply; for a lock taken by SQL, the text its server fetches then.
bool isSuccessText(llvm::StringRef Text, const AnswerMeaning &Meaning) {
  if (!Meaning.Sql)
    return Text.equals_insensitive("OK");
  return !Meaning.Sql->Lock->TakenText.empty() && Text == Meaning.Sql->Lock->TakenText;
}

/// True when \p Call compares the answer with the success text (`strcmp(
/// reply->str, "OK")`); the answer is in the other argument.
bool comparesWithSuccess(const CallExpr &Call, const AnswerMeaning &Meaning) {
  if (Call.getNumArgs() < 2)
    return false;
  return llvm::any_of(llvm::ArrayRef<const Expr *>{Call.getArg(0), Call.getArg(1)},
                      [&](const Expr *Arg) {
                        const auto *Literal = dyn_cast<StringLiteral>(Arg->IgnoreParenImpCasts());
                        return Literal && isSuccessText(Literal->getString(), Meaning);
                      });
}

/// For \p Call, which hands the answer (\p Argument) to a function of the
/// program that returns a bool: whether that function answering true means
/// success (or, when it sets \p AsksShape, that the query ran). Every return that reads the parameter must say the same, and a
/// constant one must answer the other way (`if (!r) return false;`).
std::optional<bool> predicateSays(const CallExpr &Call, const Expr *Argument, ASTContext &Context,
                                  const AnswerMeaning &Meaning, unsigned Depth, bool &AsksShape) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  const FunctionDecl *Definition = Callee ? Callee->getDefinition() : nullptr;
  if (!Definition || !Definition->getBody() || Depth >= MaxPredicateDepth ||
      !Definition->getReturnType()->isBooleanType() || isa<CXXMethodDecl>(Definition) ||
      Context.getSourceManager().isInSystemHeader(Definition->getLocation()))
    return std::nullopt;
  unsigned Index = 0;
  while (Index < Call.getNumArgs() && Call.getArg(Index) != Argument)
    ++Index;
  if (Index >= Call.getNumArgs() || Index >= Definition->getNumParams())
    return std::nullopt;
  const ParmVarDecl *Param = Definition->getParamDecl(Index);
  std::optional<bool> Says;
  bool ConstantTrue = false, ConstantFalse = false;
  bool Unreadable = anyOwnStmt(Definition->getBody(), [&](const Stmt *S) {
    const auto *Return = dyn_cast<ReturnStmt>(S);
    if (!Return)
      return false;
    const Expr *Value = Return->getRetValue();
    if (!Value)
      return true;
    std::vector<const DeclRefExpr *> Reads = referencesIn(Value, Param);
    if (Reads.empty()) {
      std::optional<int64_t> Constant = integerValue(Value, Context);
      if (!Constant)
        return true;
      (*Constant ? ConstantTrue : ConstantFalse) = true;
      return false;
    }
    for (const DeclRefExpr *Read : Reads) {
      bool Shape = false;
      std::optional<bool> This = says(Read, Value, Context, Meaning, Depth + 1, Shape);
      if (!This || (Says && *Says != *This) || (Says && Shape != AsksShape))
        return true;
      AsksShape = Shape;
      Says = This;
    }
    return false;
  });
  if (Unreadable || !Says || (*Says ? ConstantTrue : ConstantFalse))
    return std::nullopt;
  return Says;
}

/// True when \p Value compared with the answer means it failed: null, an
/// empty token, 0, false, a nil or error reply.
bool isFailureValue(const Expr *Value, ASTContext &Context) {
  std::string Text = sourceText(Value, Context);
  return isEmptyValue(Value, Context) || Text == "false" || Text == "0" || Text == "REDIS_REPLY_NIL" ||
         Text == "REDIS_REPLY_ERROR";
}

/// True for a number spelled in the code other than 0 and 1 (`-1`, `2`):
/// against an answer of unknown values it stands for neither outcome.
/// Named constants (`REDIS_REPLY_STATUS`) are the client's own.
bool isOtherNumber(const Expr *Value, ASTContext &Context) {
  const Expr *Spelled = Value->IgnoreParenImpCasts();
  if (const auto *Minus = dyn_cast<UnaryOperator>(Spelled); Minus && Minus->getOpcode() == UO_Minus)
    Spelled = Minus->getSubExpr()->IgnoreParenImpCasts();
  if (!isa<IntegerLiteral>(Spelled) || Spelled->getBeginLoc().isMacroID())
    return false;
  std::optional<int64_t> Number = integerValue(Value, Context);
  return Number && *Number != 0 && *Number != 1;
}

/// An `==` or `!=`, of built-in values or through an operator of a class
/// (`token == ""` on a std::string).
struct Comparison {
  const Expr *LHS, *RHS;
  bool Equal;
};

std::optional<Comparison> comparisonOf(const Stmt *S) {
  if (const auto *Binary = dyn_cast<BinaryOperator>(S); Binary && Binary->isEqualityOp())
    return Comparison{Binary->getLHS(), Binary->getRHS(), Binary->getOpcode() == BO_EQ};
  if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(S);
      Operator && Operator->getNumArgs() == 2 &&
      (Operator->getOperator() == OO_EqualEqual || Operator->getOperator() == OO_ExclaimEqual))
    return Comparison{Operator->getArg(0), Operator->getArg(1),
                      Operator->getOperator() == OO_EqualEqual};
  return std::nullopt;
}

/// A status compared with a constant (`status < 0`, `kBusy == status`).
struct StatusComparison {
  BinaryOperatorKind Opcode;
  int64_t Constant;
  bool StatusOnLeft;

  /// What the comparison answers when the status is \p Value; a mask
  /// (`st & HELD`) answers whether any of its bits is set.
  bool holds(int64_t Value) const {
    int64_t LHS = StatusOnLeft ? Value : Constant, RHS = StatusOnLeft ? Constant : Value;
    switch (Opcode) {
    case BO_And:
      return (LHS & RHS) != 0;
    case BO_LT:
      return LHS < RHS;
    case BO_GT:
      return LHS > RHS;
    case BO_LE:
      return LHS <= RHS;
    case BO_GE:
      return LHS >= RHS;
    case BO_EQ:
      return LHS == RHS;
    default:
      return LHS != RHS;
    }
  }
};

/// \p S as a comparison of a status (a side \p IsStatus accepts, under
/// conversions) with a constant, or as a mask of its bits.
std::optional<StatusComparison> statusComparison(const Stmt *S,
                                                 llvm::function_ref<bool(const Expr *)> IsStatus,
                                                 const ASTContext &Context) {
  const auto *Binary = dyn_cast<BinaryOperator>(S);
  if (!Binary || !(Binary->isComparisonOp() || Binary->getOpcode() == BO_And))
    return std::nullopt;
  bool OnLeft = IsStatus(Binary->getLHS()->IgnoreParenImpCasts());
  if (!OnLeft && !IsStatus(Binary->getRHS()->IgnoreParenImpCasts()))
    return std::nullopt;
  std::optional<int64_t> Constant =
      integerValue(OnLeft ? Binary->getRHS() : Binary->getLHS(), Context);
  if (!Constant)
    return std::nullopt;
  return StatusComparison{Binary->getOpcode(), *Constant, OnLeft};
}

/// Clears both pending reversals of a zero that means success; true when
/// either was pending.
bool clearReversals(bool &ZeroIsSuccess, bool &ZeroIsMatch) {
  bool Pending = ZeroIsSuccess || ZeroIsMatch;
  ZeroIsSuccess = ZeroIsMatch = false;
  return Pending;
}

/// True when \p Parent asks whether the pointer \p Current is null: a
/// comparison with null, `!`, or the pointer as a truth value.
bool asksNull(const Stmt *Parent, const Stmt *Current, ASTContext &Context) {
  if (!cast<Expr>(Current)->IgnoreParenImpCasts()->getType()->isPointerType())
    return false;
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent))
    return Cast->getCastKind() == CK_PointerToBoolean;
  if (const auto *Unary = dyn_cast<UnaryOperator>(Parent))
    return Unary->getOpcode() == UO_LNot;
  const auto *Binary = dyn_cast<BinaryOperator>(Parent);
  if (!Binary || !Binary->isEqualityOp())
    return false;
  const Expr *Other = Binary->getLHS() == Current ? Binary->getRHS() : Binary->getLHS();
  return isEmptyValue(Other, Context);
}

std::optional<bool> says(const Expr *Ref, const Expr *Condition, ASTContext &Context,
                         const AnswerMeaning &Answer, unsigned Depth, bool &AsksShape) {
  // Once the test asks how the result came back, the rest of it is read
  // as a plain question of truth.
  AnswerMeaning Meaning = Answer;
  auto AskShape = [&] {
    AsksShape = true;
    Meaning = AnswerMeaning();
  };
  bool Positive = true;
  // A status whose success is 0 (ZOK) is true when the call failed, until a
  // comparison turns it into a question of its own.
  bool ZeroIsSuccess = llvm::is_contained(Meaning.Successes, 0);
  // A status whose truth does not part successes from failures (-1 for an
  // error beside 0 for busy) says nothing as a truth value.
  auto Zero = [](int64_t Value) { return Value == 0; };
  bool TruthMixed =
      !Meaning.Failures.empty() &&
      !(llvm::none_of(Meaning.Successes, Zero) && llvm::all_of(Meaning.Failures, Zero)) &&
      !(llvm::all_of(Meaning.Successes, Zero) && llvm::none_of(Meaning.Failures, Zero));
  // A strcmp against the success text: 0 means the texts match.
  bool ZeroIsMatch = false;
  // The first character of the fetched text (`PQgetvalue(...)[0]`).
  bool FirstCharacter = false;
  const Stmt *Current = Ref;
  while (Current && Current != Condition) {
    const Stmt *Parent = parentStmt(Current, Context);
    // Past the last expression the answer is in no condition: it was not
    // inside this one.
    if (!isa_and_nonnull<Expr>(Parent))
      return std::nullopt;
    // For a lock taken by SQL, how the result came back (its status, its
    // rows, a null result, row or cell) says only that the query ran: the
    // server answers a lock it did not take in a result that came back fine.
    if (Meaning.Sql && asksNull(Parent, Current, Context)) {
      AskShape();
      ZeroIsSuccess = TruthMixed = ZeroIsMatch = FirstCharacter = false;
    }
    if (const auto *Unary = dyn_cast<UnaryOperator>(Parent); Unary && Unary->getOpcode() == UO_LNot) {
      Positive = !Positive;
      if (TruthMixed)
        return std::nullopt;
      if (clearReversals(ZeroIsSuccess, ZeroIsMatch))
        Positive = !Positive;
    }
    // A character of the fetched text; a cell of a row (`row[0]`) carries
    // the answer on whole.
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(Parent);
        Subscript && Subscript->getBase() == Current &&
        Subscript->getType()->isAnyCharacterType()) {
      if (integerValue(Subscript->getIdx(), Context) != 0)
        return std::nullopt;
      FirstCharacter = true;
    }
    if (const auto *Call = dyn_cast<CallExpr>(Parent);
        Call && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Meaning.Sql && Callee && llvm::is_contained(Call->arguments(), Current) &&
          readsResultShape(Callee->getQualifiedNameAsString())) {
        AskShape();
        ZeroIsSuccess = TruthMixed = ZeroIsMatch = FirstCharacter = false;
      } else if (Callee && Callee->getIdentifier() && isThreeWayCompareName(Callee->getName())) {
        // What strcmp's answer says depends on the text compared with.
        if (!comparesWithSuccess(*Call, Meaning))
          return std::nullopt;
        ZeroIsMatch = true;
      } else if (llvm::is_contained(Call->arguments(), Current)) {
        // Handed to a function that tests it, which says what true means.
        if (std::optional<bool> Predicate = predicateSays(*Call, cast<Expr>(Current), Context,
                                                          Meaning, Depth, AsksShape)) {
          if (AsksShape)
            Meaning = AnswerMeaning();
          if (!Positive || ZeroIsMatch)
            return std::nullopt;
          Positive = *Predicate;
          ZeroIsSuccess = TruthMixed = false;
        }
      }
    }
    // `tested ? true : false` passes the test on, `? false : true` turns it
    // round, and two constants of one truth say nothing. A branch computed
    // from the answer (`row ? atoi(row[0]) : 0`) carries it on.
    // A side may choose again (`? 1 : (nil ? 0 : -1)`): a side whose
    // constants differ in truth says nothing either.
    if (const auto *Choice = dyn_cast<ConditionalOperator>(Parent); Choice && Choice->getCond() == Current) {
      llvm::SmallVector<int64_t, 4> WhenTrue, WhenFalse;
      if (constantChoices(Choice->getTrueExpr(), WhenTrue, Context) &&
          constantChoices(Choice->getFalseExpr(), WhenFalse, Context)) {
        std::optional<bool> TrueTruth = truthOf(WhenTrue), FalseTruth = truthOf(WhenFalse);
        if (!TrueTruth || !FalseTruth || *TrueTruth == *FalseTruth)
          return std::nullopt;
        if (TruthMixed)
          return std::nullopt;
        if (clearReversals(ZeroIsSuccess, ZeroIsMatch))
          Positive = !Positive;
        if (!*TrueTruth)
          Positive = !Positive;
      }
    }
    // Questions an answer object answers itself, true when there is no
    // answer: cpp_redis's reply.is_null(), POCO's BulkString::isNull(),
    // etcd's error_code() (0 on success), a token's or a row's empty().
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Parent)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      static constexpr llvm::StringLiteral Failures[] = {"is_null", "is_error", "isNull",
                                                         "error_code", "empty"};
      if (Method && Method->getIdentifier() && llvm::is_contained(Failures, Method->getName()))
        Positive = !Positive;
    }
    // A status of the program's own compared with a constant, by any
    // operator: what the comparison answers for each value the acquire may
    // return says which outcomes it stands for.
    if (!Meaning.Failures.empty() && cast<Expr>(Current)->IgnoreParenImpCasts() == Ref &&
        isa<BinaryOperator>(Parent) &&
        (cast<BinaryOperator>(Parent)->isComparisonOp() ||
         cast<BinaryOperator>(Parent)->getOpcode() == BO_And)) {
      std::optional<StatusComparison> Compared = statusComparison(
          Parent, [&](const Expr *E) { return E == Ref; }, Context);
      if (!Compared || !Positive)
        return std::nullopt;
      auto Holds = [&](int64_t Value) { return Compared->holds(Value); };
      bool AllHeld = llvm::all_of(Meaning.Successes, Holds),
           AnyHeld = llvm::any_of(Meaning.Successes, Holds),
           AllNotHeld = llvm::all_of(Meaning.Failures, Holds),
           AnyNotHeld = llvm::any_of(Meaning.Failures, Holds);
      if (AllNotHeld && !AnyHeld)
        Positive = false;
      else if (!AllHeld || AnyNotHeld)
        return std::nullopt; // some of each: one failure among several
      ZeroIsSuccess = TruthMixed = false;
      Current = Parent;
      continue;
    }
    // An answer whose values nobody worked out, ordered against a
    // constant: only `> 0` (and `>= 1`) keeps to its truth.
    if (const auto *Ordered = dyn_cast<BinaryOperator>(Parent);
        Ordered && Ordered->isRelationalOp() && Meaning.Failures.empty()) {
      std::optional<StatusComparison> Compared = statusComparison(
          Parent, [&](const Expr *E) { return E == cast<Expr>(Current)->IgnoreParenImpCasts(); },
          Context);
      if (!Compared || ZeroIsMatch || FirstCharacter ||
          !(Compared->holds(1) && !Compared->holds(0) && !Compared->holds(-1) &&
            Compared->holds(RangeTop)))
        return std::nullopt;
      ZeroIsSuccess = TruthMixed = false;
      Current = Parent;
      continue;
    }
    if (std::optional<Comparison> Compared = comparisonOf(Parent)) {
      const Expr *Other = Compared->LHS == Current ? Compared->RHS : Compared->LHS;
      bool Failure = isFailureValue(Other, Context);
      if (std::exchange(FirstCharacter, false)) {
        // The first character of the fetched text against a character.
        const auto *Character = dyn_cast<CharacterLiteral>(Other->IgnoreParenImpCasts());
        if (!Character || !Meaning.Sql || Meaning.Sql->Lock->TakenText.size() != 1)
          return std::nullopt;
        Failure = Character->getValue() != unsigned(Meaning.Sql->Lock->TakenText.front());
      } else if (std::exchange(ZeroIsMatch, false) && sourceText(Other, Context) == "0") {
        Failure = false;
      } else if (Meaning.Failures.empty() && cast<Expr>(Current)->IgnoreParenImpCasts() == Ref &&
                 Ref->getType()->isEnumeralType()) {
        // The answer is a status of an enum whose meanings nobody worked out.
        return std::nullopt;
      } else if (!Meaning.Failures.empty()) {
        // A status compared with something other than a constant.
        return std::nullopt;
      } else if (isOtherNumber(Other, Context)) {
        // `rc == -1` of an answer whose values nobody worked out.
        return std::nullopt;
      }
      if (Failure == Compared->Equal)
        Positive = !Positive;
      ZeroIsSuccess = TruthMixed = false;
    }
    Current = Parent;
  }
  if (TruthMixed)
    return std::nullopt;
  if (ZeroIsSuccess || ZeroIsMatch)
    Positive = !Positive;
  return Current == Condition ? std::optional<bool>(Positive) : std::nullopt;
}

} // namespace

std::optional<bool> conditionSays(const Expr *Ref, const Expr *Condition, ASTContext &Context,
                                  const AnswerMeaning &Meaning) {
  bool AsksShape = false;
  std::optional<bool> Says = says(Ref, Condition, Context, Meaning, 0, AsksShape);
  return AsksShape ? std::nullopt : Says;
}

bool asksWhetherRan(const Expr *Ref, const Expr *Condition, ASTContext &Context,
                    const AnswerMeaning &Meaning, std::optional<bool> &RanWhenTrue) {
  bool AsksShape = false;
  RanWhenTrue = says(Ref, Condition, Context, Meaning, 0, AsksShape);
  return AsksShape;
}

std::optional<SwitchOutcomes> readSwitch(const SwitchStmt &Switch, const ASTContext &Context,
                                         const AnswerMeaning &Meaning) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch.getBody());
  if (Meaning.Failures.empty() || !Body)
    return std::nullopt;
  SwitchOutcomes Read;
  llvm::SmallVector<int64_t, 4> Named;
  const DefaultStmt *Default = nullptr;
  for (const Stmt *S : Body->body()) {
    // `case A: case B: work();` nests one label in the other.
    SwitchOutcomes::Step &Step = Read.Steps.emplace_back();
    Step.S = S;
    const Stmt *Inner = S;
    while (const auto *Case = dyn_cast<SwitchCase>(Inner)) {
      Step.Starts.push_back(Case);
      if (const auto *Labelled = dyn_cast<CaseStmt>(Case)) {
        std::optional<int64_t> Value = integerValue(Labelled->getLHS(), Context);
        if (!Value || Labelled->getRHS())
          return std::nullopt;
        if (llvm::is_contained(Meaning.Successes, *Value))
          Read.Held.push_back(Case);
        else if (llvm::is_contained(Meaning.Failures, *Value))
          Read.NotHeld.push_back(Case);
        else
          return std::nullopt;
        Named.push_back(*Value);
      } else {
        Default = cast<DefaultStmt>(Case);
      }
      Inner = Case->getSubStmt();
    }
  }
  auto Unnamed = [&](llvm::ArrayRef<int64_t> Values) {
    return llvm::any_of(Values, [&](int64_t V) { return !llvm::is_contained(Named, V); });
  };
  Read.Exhaustive = Default || (!Unnamed(Meaning.Successes) && !Unnamed(Meaning.Failures));
  if (Default) {
    bool Successes = Unnamed(Meaning.Successes), Failures = Unnamed(Meaning.Failures);
    if (Successes && Failures)
      return std::nullopt;
    if (Successes)
      Read.Held.push_back(Default);
    else
      Read.NotHeld.push_back(Default);
  }
  return Read;
}

std::vector<int64_t> failuresAsked(const Expr *Condition,
                                   llvm::function_ref<bool(const Expr *)> IsStatus,
                                   const ASTContext &Context, const AnswerMeaning &Meaning) {
  std::optional<StatusComparison> Compared =
      statusComparison(Condition->IgnoreParenImpCasts(), IsStatus, Context);
  if (!Compared)
    return {};
  auto Holds = [&](int64_t Value) { return Compared->holds(Value); };
  if (llvm::any_of(Meaning.Successes, Holds))
    return {};
  std::vector<int64_t> Asked;
  llvm::copy_if(Meaning.Failures, std::back_inserter(Asked), Holds);
  return Asked;
}

std::optional<bool> mixedBranch(const Expr *Condition,
                                llvm::function_ref<bool(const Expr *)> IsStatus,
                                const ASTContext &Context, const AnswerMeaning &Meaning) {
  if (Meaning.Failures.empty() || Meaning.Successes.empty())
    return std::nullopt;
  const Expr *Tested = Condition->IgnoreParenImpCasts();
  bool Negated = false;
  while (const auto *Not = dyn_cast<UnaryOperator>(Tested)) {
    if (Not->getOpcode() != UO_LNot)
      return std::nullopt;
    Negated = !Negated;
    Tested = Not->getSubExpr()->IgnoreParenImpCasts();
  }
  // The status itself as a truth value, or compared with a constant.
  std::optional<StatusComparison> Compared;
  if (!IsStatus(Tested) && !(Compared = statusComparison(Tested, IsStatus, Context)))
    return std::nullopt;
  auto Holds = [&](int64_t Value) { return Compared ? Compared->holds(Value) : Value != 0; };
  auto Branch = [&](bool Truth) {
    auto In = [&](int64_t Value) { return Holds(Value) == Truth; };
    return std::pair{llvm::count_if(Meaning.Successes, In), llvm::count_if(Meaning.Failures, In)};
  };
  auto [TrueSuccesses, TrueFailures] = Branch(true);
  auto [FalseSuccesses, FalseFailures] = Branch(false);
  std::optional<bool> Mixed;
  if (FalseSuccesses == 0 && TrueFailures > 0 && FalseFailures > 0)
    Mixed = true;
  else if (TrueSuccesses == 0 && FalseFailures > 0 && TrueFailures > 0)
    Mixed = false;
  if (Mixed && Negated)
    Mixed = !*Mixed;
  return Mixed;
}

SwitchOutcomes::Run SwitchOutcomes::runFrom(unsigned First) const {
  for (unsigned Step = First; Step < Steps.size(); ++Step) {
    const Stmt *Body = Steps[Step].S;
    while (const auto *Case = dyn_cast<SwitchCase>(Body))
      Body = Case->getSubStmt();
    const Stmt *Final = finalStatement(Body);
    if (isa_and_nonnull<BreakStmt>(Final))
      return {First, Step, true};
    if (isa_and_nonnull<ReturnStmt, ContinueStmt, CXXThrowExpr, GotoStmt>(Final))
      return {First, Step, false};
  }
  return {First, unsigned(Steps.size()) - 1, true};
}

bool SwitchOutcomes::throwsFrom(unsigned First) const {
  Run Ran = runFrom(First);
  const Stmt *Last = Steps[Ran.Last].S;
  while (const auto *Case = dyn_cast<SwitchCase>(Last))
    Last = Case->getSubStmt();
  return !Ran.ReachesEnd && isa_and_nonnull<CXXThrowExpr>(finalStatement(Last));
}

llvm::SmallVector<unsigned, 2>
SwitchOutcomes::stepsOf(llvm::ArrayRef<const SwitchCase *> Cases) const {
  llvm::SmallVector<unsigned, 2> Found;
  for (unsigned Step = 0; Step < Steps.size(); ++Step)
    if (llvm::any_of(Steps[Step].Starts,
                     [&](const SwitchCase *Case) { return llvm::is_contained(Cases, Case); }))
      Found.push_back(Step);
  return Found;
}

bool constantChoices(const Expr *E, llvm::SmallVectorImpl<int64_t> &Values,
                     const ASTContext &Context) {
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E->IgnoreParenImpCasts()))
    return constantChoices(Choice->getTrueExpr(), Values, Context) &&
           constantChoices(Choice->getFalseExpr(), Values, Context);
  std::optional<int64_t> Value = integerValue(E, Context);
  if (Value)
    Values.push_back(*Value);
  return Value.has_value();
}

std::optional<int64_t> integerValue(const Expr *E, const ASTContext &Context) {
  Expr::EvalResult Result;
  if (E->isValueDependent() || !E->EvaluateAsInt(Result, Context))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

bool isEmptyValue(const Expr *E, ASTContext &Context) {
  E = E->IgnoreImplicit()->IgnoreParens();
  if (E->isNullPointerConstant(Context, Expr::NPC_ValueDependentIsNotNull))
    return true;
  if (const auto *Literal = dyn_cast<StringLiteral>(E))
    return Literal->getLength() == 0;
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return List->getNumInits() == 0;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl()->getQualifiedNameAsString() == "std::nullopt";
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    // `std::string()`, `Token{}`, `std::optional<T>(std::nullopt)`, `""`
    // made a std::string.
    if (Construct->getNumArgs() == 0)
      return true;
    return Construct->getNumArgs() == 1 && isEmptyValue(Construct->getArg(0), Context);
  }
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    return isEmptyValue(Cast->getSubExpr(), Context);
  return false;
}

} // namespace locklint::model
