//===--- CallResults.cpp - what happens to a call's result ----------------===//

#include "model/values/CallResults.h"
#include "model/ast/Parents.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace locklint::model {
namespace {

/// The node above \p E once implicit conversions, temporaries and
/// parentheses, which pass a value through unchanged, are left behind.
DynTypedNode valueUser(const Expr *E, ASTContext &Context, const Expr *&Last) {
  Last = E;
  for (;;) {
    DynTypedNodeList Parents = parentsOf(*Last, Context);
    if (Parents.empty())
      return DynTypedNode();
    const auto *Up = Parents[0].get<Expr>();
    if (!Up || !(isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups, CXXBindTemporaryExpr,
                     MaterializeTemporaryExpr, CXXFunctionalCastExpr, CStyleCastExpr,
                     CXXStaticCastExpr, CXXReinterpretCastExpr>(Up)) ||
        Up->getType()->isVoidType())
      return Parents[0];
    Last = Up;
  }
}

/// True when \p Root reads \p Holder, a local or a member of this object.
bool mentions(const Stmt *Root, const ValueDecl *Holder) {
  return anyStmt(Root, [&](const Stmt *S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      return Ref->getDecl() == Holder;
    const auto *Member = dyn_cast<MemberExpr>(S);
    return Member && Member->getMemberDecl() == Holder &&
           isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts());
  });
}


} // namespace

bool resultDiscarded(const Expr *Call, ASTContext &Context) {
  if (!Call)
    return false;
  const Expr *Last = nullptr;
  DynTypedNode User = valueUser(Call, Context, Last);
  if (const auto *Cast = User.get<ExplicitCastExpr>())
    return Cast->getType()->isVoidType();
  // A statement of a block, or the body of a branch or a loop.
  if (User.get<CompoundStmt>())
    return true;
  if (const auto *Branch = User.get<IfStmt>())
    return Branch->getCond() != Last;
  return false;
}

const ValueDecl *resultHolder(const Expr *Call, ASTContext &Context) {
  if (!Call)
    return nullptr;
  const Expr *Last = nullptr;
  DynTypedNode User = valueUser(Call, Context, Last);
  if (const auto *Var = User.get<VarDecl>())
    return Var->getInit() && Var->getInit()->IgnoreParenImpCasts() == Last->IgnoreParenImpCasts()
               ? Var
               : nullptr;
  if (const auto *Assign = User.get<BinaryOperator>();
      Assign && Assign->getOpcode() == BO_Assign && Assign->getRHS() == Last)
  {
    const Expr *Target = Assign->getLHS()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Target))
      return Ref->getDecl();
    // A member that holds the last reply, `this->reply_ = ...`.
    if (const auto *Member = dyn_cast<MemberExpr>(Target);
        Member && isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
      return Member->getMemberDecl();
  }
  // An owning wrapper constructed from the reply, `Reply r(redisCommand(...))`.
  if (const auto *Construct = User.get<CXXConstructExpr>()) {
    DynTypedNodeList Parents = parentsOf(*Construct, Context);
    if (!Parents.empty())
      if (const auto *Var = Parents[0].get<VarDecl>())
        return Var;
  }
  return nullptr;
}

bool comparedWith(const Expr *Call, int64_t Value, const FunctionDecl *Function,
                  ASTContext &Context) {
  if (!Call || !Function || !Function->getBody())
    return false;
  const ValueDecl *Holder = resultHolder(Call, Context);
  const auto *Local = dyn_cast_or_null<VarDecl>(Holder);
  if (Local && !Local->isLocalVarDecl())
    Local = nullptr;
  // The call, or a read of the local, seen through casts and `->integer`.
  auto IsResult = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      E = Member->getBase()->IgnoreParenImpCasts();
    if (E == Call->IgnoreParenImpCasts())
      return true;
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Local && Ref && Ref->getDecl() == Local;
  };
  auto IsValue = [&](const Expr *E) {
    const auto *Literal = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
    return Literal && Literal->getValue() == static_cast<uint64_t>(Value);
  };
  const Stmt *Root = Local ? Function->getBody() : Call;
  // The call itself may be one side of the comparison: look from its parent.
  if (!Local)
    if (const Stmt *Up = parentStmt(Call, Context))
      for (unsigned Depth = 0; Up && Depth < 3; ++Depth, Up = parentStmt(Up, Context))
        if (isa<BinaryOperator>(Up)) {
          Root = Up;
          break;
        }
  return anyStmt(Root, [&](const Stmt *S) {
    const auto *Compare = dyn_cast<BinaryOperator>(S);
    return Compare && Compare->isEqualityOp() &&
           ((IsResult(Compare->getLHS()) && IsValue(Compare->getRHS())) ||
            (IsValue(Compare->getLHS()) && IsResult(Compare->getRHS())));
  });
}

const IfStmt *enclosingTestOf(const Stmt *S, const ValueDecl *Holder, ASTContext &Context) {
  if (!Holder)
    return nullptr;
  const Stmt *Child = S;
  for (const Stmt *Up = parentStmt(S, Context); Up; Child = Up, Up = parentStmt(Up, Context)) {
    const auto *Branch = dyn_cast<IfStmt>(Up);
    if (!Branch || Branch->getCond() == Child)
      continue;
    if (mentions(Branch->getCond(), Holder))
      return Branch;
  }
  return nullptr;
}

bool passedTestOf(const Stmt *S, const ValueDecl *Holder, ASTContext &Context) {
  if (!Holder)
    return false;
  if (enclosingTestOf(S, Holder, Context))
    return true;
  // `if (!reply || reply->integer != 1) return false;` before \p S.
  const Stmt *Child = S;
  for (const Stmt *Up = parentStmt(S, Context); Up; Child = Up, Up = parentStmt(Up, Context)) {
    const auto *Block = dyn_cast<CompoundStmt>(Up);
    if (!Block)
      continue;
    for (const Stmt *Earlier : Block->body()) {
      if (Earlier == Child)
        break;
      const auto *Branch = dyn_cast<IfStmt>(Earlier);
      if (Branch && !Branch->getElse() && leaves(Branch->getThen()) &&
          mentions(Branch->getCond(), Holder))
        return true;
    }
  }
  return false;
}

} // namespace locklint::model
