//===--- CallKeepers.cpp - the variables that keep a call's value ---------===//

#include "model/values/CallKeepers.h"
#include "model/values/StmtWalk.h"

using namespace clang;

namespace locklint::model {

CallKeepers::CallKeepers(const Stmt *Call, const FunctionDecl *Function) : Call(Call) {
  if (!Function || !Function->getBody())
    return;
  auto IsCall = [&](const Stmt *S) { return S == Call; };
  anyStmtOf(Function, [&](const Stmt *S) {
    if (const auto *Declaration = dyn_cast<DeclStmt>(S))
      for (const Decl *D : Declaration->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D);
            Var && Var->getInit() && anyStmt(Var->getInit(), IsCall))
          Kept.insert(Var);
    if (const auto *Assign = dyn_cast<BinaryOperator>(S);
        Assign && Assign->getOpcode() == BO_Assign && anyStmt(Assign->getRHS(), IsCall))
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts()))
        if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
          Kept.insert(Var);
    return false;
  });
}

bool CallKeepers::readIn(const Stmt *Root) const {
  return anyStmt(Root, [&](const Stmt *Inner) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Inner);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Inner == Call || (Var && Kept.contains(Var));
  });
}

} // namespace locklint::model
