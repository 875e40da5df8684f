//===--- AnswerRun.cpp - what code does for one assumed answer ------------===//

#include "model/values/AnswerRun.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace locklint::model {
namespace {

using Locals = llvm::DenseMap<const VarDecl *, int64_t>;

/// Statements nest this deep at most before a run gives up, and a run takes
/// this many steps at most: generated code is no classifier.
constexpr unsigned MaxDepth = 48, MaxSteps = 4000;

std::optional<int64_t> constantOf(const Expr *E, const ASTContext &Context) {
  Expr::EvalResult Result;
  if (E->isValueDependent() || !E->EvaluateAsInt(Result, Context))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

std::optional<int64_t> binaryValue(const BinaryOperator &Binary, AnswerLeaf Leaf,
                                   const ASTContext &Context, const Locals *Known) {
  std::optional<int64_t> LHS = answerValue(Binary.getLHS(), Leaf, Context, Known);
  // Short-circuit: `reply && reply->type == ...` reads no member of none.
  if (Binary.getOpcode() == BO_LAnd && LHS == 0)
    return 0;
  if (Binary.getOpcode() == BO_LOr && LHS && *LHS != 0)
    return 1;
  std::optional<int64_t> RHS = answerValue(Binary.getRHS(), Leaf, Context, Known);
  if (!LHS || !RHS)
    return std::nullopt;
  switch (Binary.getOpcode()) {
  case BO_LAnd:
  case BO_LOr:
    return *RHS != 0;
  case BO_EQ:
    return *LHS == *RHS;
  case BO_NE:
    return *LHS != *RHS;
  case BO_LT:
    return *LHS < *RHS;
  case BO_GT:
    return *LHS > *RHS;
  case BO_LE:
    return *LHS <= *RHS;
  case BO_GE:
    return *LHS >= *RHS;
  default:
    return std::nullopt;
  }
}

/// The local variable \p E names, or null.
const VarDecl *localNamed(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) ? Var : nullptr;
}

} // namespace

const ParmVarDecl *parameterWritten(const Expr *Target) {
  Target = Target->IgnoreParenImpCasts();
  bool Dereferenced = false;
  if (const auto *Deref = dyn_cast<UnaryOperator>(Target); Deref && Deref->getOpcode() == UO_Deref) {
    Target = Deref->getSubExpr()->IgnoreParenImpCasts();
    Dereferenced = true;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Target);
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param)
    return nullptr;
  QualType Type = Param->getType();
  if (Dereferenced ? !Type->isPointerType() : !Type->isReferenceType())
    return nullptr;
  return Param;
}

namespace {

class Runner {
public:
  Runner(AnswerLeaf Leaf, ASTContext &Context) : Leaf(Leaf), Context(Context) {}

  enum class Flow { Next, Break, Return, Throw, Unknown };

  std::optional<AnswerRunEnd> runFrom(const FunctionDecl &Function, const Stmt *First) {
    const Stmt *Body = Function.getBody();
    if (!Body)
      return std::nullopt;
    Void = Function.getReturnType()->isVoidType();
    Flow Ended = exec(First ? First : Body, 0);
    if (Ended == Flow::Return || Ended == Flow::Throw)
      return End;
    if (Ended != Flow::Next)
      return std::nullopt;
    if (!First)
      return ranOffTheEnd();
    const Stmt *Current = First;
    while (Current != Body) {
      const Stmt *Parent = parentStmt(Current, Context);
      if (!Parent)
        return std::nullopt;
      if (const auto *Block = dyn_cast<CompoundStmt>(Parent)) {
        Flow Rest = restOf(Block, Current);
        if (Rest == Flow::Return || Rest == Flow::Throw)
          return End;
        if (Rest == Flow::Unknown)
          return std::nullopt;
        if (Rest == Flow::Break) {
          // Out of the switch the block belongs to.
          const Stmt *Switch = Parent;
          while (Switch && !isa<SwitchStmt>(Switch)) {
            if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Switch))
              return std::nullopt;
            Switch = parentStmt(Switch, Context);
          }
          if (!Switch)
            return std::nullopt;
          Current = Switch;
          continue;
        }
      } else if (const auto *If = dyn_cast<IfStmt>(Parent)) {
        // Leaving one branch passes the other by; from the condition the
        // if itself would run.
        if (Current != If->getThen() && Current != If->getElse())
          return std::nullopt;
      } else if (!isa<SwitchStmt, SwitchCase, AttributedStmt, LabelStmt>(Parent)) {
        return std::nullopt; // a loop, an expression, a try
      }
      Current = Parent;
    }
    return ranOffTheEnd();
  }

private:
  /// A function that returns nothing ends where its body does.
  std::optional<AnswerRunEnd> ranOffTheEnd() const {
    return Void ? std::optional(End) : std::nullopt;
  }

  Flow restOf(const CompoundStmt *Block, const Stmt *After) {
    bool Past = false;
    for (const Stmt *S : Block->body()) {
      if (!Past) {
        Past = S == After;
        continue;
      }
      if (Flow F = exec(S, 1); F != Flow::Next)
        return F;
    }
    return Flow::Next;
  }

  std::optional<int64_t> value(const Expr *E) {
    return answerValue(E, Leaf, Context, &Known);
  }

  Flow exec(const Stmt *S, unsigned Depth) {
    if (!S)
      return Flow::Next;
    if (Depth > MaxDepth || ++Steps > MaxSteps)
      return Flow::Unknown;
    if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : Block->body())
        if (Flow F = exec(Child, Depth + 1); F != Flow::Next)
          return F;
      return Flow::Next;
    }
    if (isa<NullStmt>(S))
      return Flow::Next;
    if (const auto *Declaration = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : Declaration->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          give(Var, Var->getInit());
      return Flow::Next;
    }
    if (const auto *Return = dyn_cast<ReturnStmt>(S)) {
      std::optional<int64_t> Value = Return->getRetValue() ? value(Return->getRetValue())
                                     : Void                 ? std::optional<int64_t>(0)
                                                            : std::nullopt;
      if (!Value)
        return Flow::Unknown;
      End.Returned = *Value;
      return Flow::Return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() && exec(If->getInit(), Depth + 1) != Flow::Next)
        return Flow::Unknown;
      if (const VarDecl *Var = If->getConditionVariable())
        give(Var, Var->getInit());
      std::optional<int64_t> Condition = value(If->getCond());
      if (!Condition)
        return Flow::Unknown;
      return exec(*Condition ? If->getThen() : If->getElse(), Depth + 1);
    }
    if (const auto *Switch = dyn_cast<SwitchStmt>(S))
      return execSwitch(*Switch, Depth);
    if (const auto *Case = dyn_cast<SwitchCase>(S))
      return exec(Case->getSubStmt(), Depth + 1);
    if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
      return exec(Attributed->getSubStmt(), Depth + 1);
    if (isa<BreakStmt>(S))
      return Flow::Break;
    if (const auto *E = dyn_cast<Expr>(S)) {
      // `throw LockBusy(key_);` ends the run; a throw inside an expression
      // is no straight line.
      if (isa<CXXThrowExpr>(E->IgnoreImplicit()->IgnoreParens())) {
        End.Threw = true;
        return Flow::Throw;
      }
      return execExpr(E) ? Flow::Next : Flow::Unknown;
    }
    return Flow::Unknown; // loops, jumps, try, labels a goto may reach
  }

  Flow execSwitch(const SwitchStmt &Switch, unsigned Depth) {
    if (Switch.getInit() && exec(Switch.getInit(), Depth + 1) != Flow::Next)
      return Flow::Unknown;
    if (const VarDecl *Var = Switch.getConditionVariable())
      give(Var, Var->getInit());
    std::optional<int64_t> Value = value(Switch.getCond());
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch.getBody());
    if (!Value || !Body)
      return Flow::Unknown;
    // The statement whose label names the value, or the default's.
    std::optional<unsigned> Start, Default;
    unsigned Index = 0;
    for (const Stmt *S : Body->body()) {
      for (const auto *Case = dyn_cast<SwitchCase>(S); Case;
           Case = dyn_cast<SwitchCase>(Case->getSubStmt())) {
        if (isa<DefaultStmt>(Case)) {
          Default = Index;
          continue;
        }
        const auto *Labelled = cast<CaseStmt>(Case);
        std::optional<int64_t> Low = constantOf(Labelled->getLHS(), Context);
        std::optional<int64_t> High =
            Labelled->getRHS() ? constantOf(Labelled->getRHS(), Context) : Low;
        if (!Low || !High)
          return Flow::Unknown;
        if (*Low <= *Value && *Value <= *High && !Start)
          Start = Index;
      }
      ++Index;
    }
    if (!Start)
      Start = Default;
    if (!Start)
      return Flow::Next;
    for (const Stmt *S : llvm::drop_begin(Body->body(), *Start)) {
      Flow F = exec(S, Depth + 1);
      if (F == Flow::Break)
        return Flow::Next;
      if (F != Flow::Next)
        return F;
    }
    return Flow::Next;
  }

  /// Runs an expression statement: an assignment gives a local or a
  /// parameter a value; anything else may only take a local's address.
  bool execExpr(const Expr *E) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (isa<CXXThrowExpr>(E))
      return false;
    if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
      if (Binary->getOpcode() == BO_Comma)
        return execExpr(Binary->getLHS()) && execExpr(Binary->getRHS());
      if (Binary->getOpcode() == BO_Assign) {
        forgetAddressed(Binary->getRHS());
        std::optional<int64_t> Value = value(Binary->getRHS());
        if (const VarDecl *Var = localNamed(Binary->getLHS()))
          set(Var, Value);
        else if (const ParmVarDecl *Param = parameterWritten(Binary->getLHS()))
          Value ? void(End.Stored[Param] = *Value) : void(End.Stored.erase(Param));
        return true;
      }
      if (Binary->isCompoundAssignmentOp())
        if (const VarDecl *Var = localNamed(Binary->getLHS())) {
          Known.erase(Var);
          return true;
        }
    }
    if (const auto *Unary = dyn_cast<UnaryOperator>(E); Unary && Unary->isIncrementDecrementOp())
      if (const VarDecl *Var = localNamed(Unary->getSubExpr())) {
        Known.erase(Var);
        return true;
      }
    forgetAddressed(E);
    // A throw inside, or a lambda's body run who knows when, is no
    // straight line.
    return !anyOwnStmt(E, [](const Stmt *S) { return isa<CXXThrowExpr>(S); });
  }

  /// Forgets the locals whose address \p E takes or that it binds to a
  /// reference: a callee may change them.
  void forgetAddressed(const Expr *E) {
    anyOwnStmt(E, [&](const Stmt *S) {
      if (const auto *Unary = dyn_cast<UnaryOperator>(S); Unary && Unary->getOpcode() == UO_AddrOf)
        if (const VarDecl *Var = localNamed(Unary->getSubExpr()))
          Known.erase(Var);
      if (const auto *Call = dyn_cast<CallExpr>(S))
        for (const Expr *Arg : Call->arguments())
          if (const VarDecl *Var = localNamed(Arg); Var && Arg->isLValue())
            Known.erase(Var);
      return false;
    });
  }

  void give(const VarDecl *Var, const Expr *Init) {
    if (!Init) {
      Known.erase(Var);
      return;
    }
    forgetAddressed(Init);
    set(Var, value(Init));
  }

  void set(const VarDecl *Var, std::optional<int64_t> Value) {
    if (Value && Var->getType()->isIntegralOrEnumerationType())
      Known[Var] = *Value;
    else
      Known.erase(Var);
  }

  AnswerLeaf Leaf;
  ASTContext &Context;
  Locals Known;
  AnswerRunEnd End;
  unsigned Steps = 0;
  bool Void = false;
};

} // namespace

std::optional<int64_t> answerValue(const Expr *E, AnswerLeaf Leaf, const ASTContext &Context,
                                   const Locals *Known) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return answerValue(Cast->getSubExpr(), Leaf, Context, Known);
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return answerValue(Cleanups->getSubExpr(), Leaf, Context, Known);
  if (std::optional<int64_t> Read = Leaf(E))
    return Read;
  if (const VarDecl *Var = localNamed(E); Var && Known)
    if (auto It = Known->find(Var); It != Known->end())
      return It->second;
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->getOpcode() == UO_LNot || Unary->getOpcode() == UO_Minus) {
      std::optional<int64_t> Operand = answerValue(Unary->getSubExpr(), Leaf, Context, Known);
      if (!Operand)
        return std::nullopt;
      return Unary->getOpcode() == UO_LNot ? int64_t(*Operand == 0) : -*Operand;
    }
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    // `(rc = take(...)) != ZOK`: an assignment's value is the one it gives.
    if (Binary->getOpcode() == BO_Assign)
      return answerValue(Binary->getRHS(), Leaf, Context, Known);
    return binaryValue(*Binary, Leaf, Context, Known);
  }
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
    std::optional<int64_t> Condition = answerValue(Choice->getCond(), Leaf, Context, Known);
    if (!Condition)
      return std::nullopt;
    return answerValue(*Condition ? Choice->getTrueExpr() : Choice->getFalseExpr(), Leaf, Context,
                       Known);
  }
  if (E->isNullPointerConstant(const_cast<ASTContext &>(Context),
                               Expr::NPC_ValueDependentIsNotNull))
    return 0;
  return constantOf(E, Context);
}

std::optional<AnswerRunEnd> runFrom(const FunctionDecl &Function, const Stmt *First,
                                    AnswerLeaf Leaf, ASTContext &Context) {
  return Runner(Leaf, Context).runFrom(Function, First);
}

} // namespace locklint::model
