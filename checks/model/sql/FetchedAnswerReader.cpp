//===--- FetchedAnswerReader.cpp - a SQL helper's answer from its body ----===//

#include "model/sql/FetchedAnswerReader.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace locklint::model {

namespace {

/// The text \p E compares with a one-letter literal: `strcmp(v, "t") == 0`,
/// `!strcmp(v, "t")`, `v[0] == 't'`, `*v == 't'`; 0 for anything else.
char comparedLetter(const Expr *E, const ASTContext &Context) {
  E = E->IgnoreParenImpCasts();
  auto Letter = [](const Expr *Side) -> char {
    Side = Side->IgnoreParenImpCasts();
    if (const auto *Literal = dyn_cast<StringLiteral>(Side))
      return Literal->getLength() == 1 ? Literal->getString()[0] : 0;
    if (const auto *Character = dyn_cast<CharacterLiteral>(Side))
      return static_cast<char>(Character->getValue());
    return 0;
  };
  auto StrcmpLetter = [&](const Expr *Side) -> char {
    const auto *Call = dyn_cast<CallExpr>(Side->IgnoreParenImpCasts());
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 2 ||
        (Callee->getName() != "strcmp" && Callee->getName() != "strcasecmp"))
      return 0;
    return Letter(Call->getArg(1)) ? Letter(Call->getArg(1)) : Letter(Call->getArg(0));
  };
  if (const auto *Not = dyn_cast<UnaryOperator>(E); Not && Not->getOpcode() == UO_LNot)
    return StrcmpLetter(Not->getSubExpr());
  const auto *Equal = dyn_cast<BinaryOperator>(E);
  if (!Equal || Equal->getOpcode() != BO_EQ)
    return 0;
  for (auto [Side, Other] : {std::pair{Equal->getLHS(), Equal->getRHS()},
                             std::pair{Equal->getRHS(), Equal->getLHS()}}) {
    if (char C = StrcmpLetter(Side)) {
      Expr::EvalResult Zero;
      if (!Other->isValueDependent() && Other->EvaluateAsInt(Zero, Context) &&
          Zero.Val.getInt() == 0)
        return C;
    }
    // `v[0] == 't'`, `*v == 't'`: a character of the text.
    const Expr *Read = Side->IgnoreParenImpCasts();
    if ((isa<ArraySubscriptExpr>(Read) ||
         (isa<UnaryOperator>(Read) && cast<UnaryOperator>(Read)->getOpcode() == UO_Deref)) &&
        isa<CharacterLiteral>(Other->IgnoreParenImpCasts()))
      return Letter(Other);
  }
  return 0;
}

/// True for a call that parses a number out of a text.
bool parsesNumber(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier())
    return false;
  static constexpr llvm::StringLiteral Parsers[] = {"strtol", "strtoll", "strtoul", "strtoull",
                                                    "atoi",   "atol",    "atoll"};
  return llvm::is_contained(Parsers, Callee->getName());
}

/// The letter the branch holding \p S was taken for: the condition of the
/// innermost if whose then-branch holds it, when that compares the text.
char branchLetter(const Stmt *S, ASTContext &Context) {
  if (!S)
    return 0;
  for (const Stmt *Child = S, *Parent = parentStmt(S, Context); Parent;
       Child = Parent, Parent = parentStmt(Parent, Context))
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      return If->getThen() == Child ? comparedLetter(If->getCond(), Context) : 0;
  return 0;
}

/// Adds what \p Value, returned or stored to be returned at \p At, says to
/// \p Answer; false when it is something else.
bool addValue(FetchedAnswer &Answer, const Expr *Value, const Stmt *At, ASTContext &Context) {
  if (parsesNumber(Value)) {
    Answer.Number = true;
    return true;
  }
  Expr::EvalResult Result;
  if (Value->isValueDependent() || !Value->EvaluateAsInt(Result, Context))
    return false;
  int64_t Constant = Result.Val.getInt().getExtValue();
  switch (branchLetter(At, Context)) {
  case 't':
    Answer.WhenTrue = Constant;
    break;
  case 'f':
    Answer.WhenFalse = Constant;
    break;
  default:
    if (!llvm::is_contained(Answer.Otherwise, Constant))
      Answer.Otherwise.push_back(Constant);
  }
  return true;
}

} // namespace

std::optional<FetchedAnswer> fetchedAnswer(const FunctionDecl *Function) {
  const FunctionDecl *Definition = Function ? Function->getDefinition() : nullptr;
  if (!Definition || !Definition->getBody() || Definition->isDependentContext() ||
      !Definition->getReturnType()->isIntegerType())
    return std::nullopt;
  ASTContext &Context = Definition->getASTContext();
  FetchedAnswer Answer;
  const VarDecl *Kept = nullptr;
  for (const ReturnStmt *Return : returnsOf(Definition)) {
    const Expr *Value = Return->getRetValue();
    if (!Value)
      return std::nullopt;
    const auto *Ref = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var)) {
      if (Kept && Kept != Var)
        return std::nullopt;
      Kept = Var;
      continue;
    }
    if (!addValue(Answer, Value, Return, Context))
      return std::nullopt;
  }
  // The variable returned: its initial value and each value stored in it.
  if (Kept) {
    if (Kept->getInit() && !addValue(Answer, Kept->getInit(), nullptr, Context))
      return std::nullopt;
    bool Unread = false;
    anyOwnStmtOf(Definition, [&](const Stmt *S) {
      const auto *Assign = dyn_cast<BinaryOperator>(S);
      const auto *Target =
          Assign && Assign->isAssignmentOp() ? dyn_cast<DeclRefExpr>(Assign->getLHS()) : nullptr;
      if (!Target || Target->getDecl() != Kept)
        return false;
      Unread = Assign->getOpcode() != BO_Assign || !addValue(Answer, Assign->getRHS(), Assign, Context);
      return Unread;
    });
    if (Unread)
      return std::nullopt;
  }
  if (!Answer.Number && !(Answer.WhenTrue && Answer.WhenFalse))
    return std::nullopt;
  return Answer;
}

} // namespace locklint::model
