//===--- FieldStores.cpp - every store to a struct's member in a unit -----===//

#include "model/values/FieldStores.h"
#include "model/ast/UnitFunctions.h"
#include "model/values/ObjectFields.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace locklint::model {
namespace {

/// The member \p E names directly (`l->key`, `l.key`), if any.
const FieldDecl *memberNamed(const Expr *E) {
  const auto *Member = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
}

/// True when the callee takes argument \p Index by a pointer or reference
/// it may write through, or takes it among variadic arguments.
bool mayWriteArgument(const CallExpr *Call, unsigned Index) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return true;
  // printf-like functions read their variadic arguments.
  if (Index >= Callee->getNumParams())
    return !Callee->isVariadic();
  QualType Type = Callee->getParamDecl(Index)->getType();
  return (Type->isPointerType() || Type->isReferenceType()) &&
         !Type->getPointeeType().isConstQualified();
}

} // namespace

const std::optional<std::vector<const Expr *>> &FieldStores::of(const FieldDecl *Field,
                                                                ASTContext &Context) {
  if (!Collected)
    collect(Context);
  // A member nothing stores: an empty list.
  return Stores.try_emplace(Field, std::vector<const Expr *>()).first->second;
}

void FieldStores::note(const Expr *Target, const Expr *Value) {
  const FieldDecl *Field = memberNamed(Target);
  if (!Field)
    return;
  auto [It, New] = Stores.try_emplace(Field, std::vector<const Expr *>());
  if (!Value)
    It->second.reset();
  else if (It->second)
    It->second->push_back(Value);
}

void FieldStores::visit(const Stmt *S) {
  if (const auto *Assign = dyn_cast<BinaryOperator>(S)) {
    if (Assign->isAssignmentOp())
      note(Assign->getLHS(), Assign->getOpcode() == BO_Assign ? Assign->getRHS() : nullptr);
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (Op->isAssignmentOp() && Op->getNumArgs() == 2)
      note(Op->getArg(0), Op->getOperator() == OO_Equal ? Op->getArg(1) : nullptr);
  } else if (const auto *Member = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if (Method && !Method->isConst())
      note(Member->getImplicitObjectArgument(), nullptr);
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (I == 0 && isCStringWrite(Call))
        note(Call->getArg(0), Call);
      else if (mayWriteArgument(Call, I))
        note(Call->getArg(I), nullptr);
  } else if (const auto *Unary = dyn_cast<UnaryOperator>(S)) {
    if (Unary->getOpcode() == UO_AddrOf || Unary->isIncrementDecrementOp())
      note(Unary->getSubExpr(), nullptr);
  } else if (const auto *List = dyn_cast<InitListExpr>(S)) {
    const RecordDecl *Record = List->getType()->getAsRecordDecl();
    if (Record && !List->getType()->isArrayType())
      for (const FieldDecl *Field : Record->fields())
        if (Field->getFieldIndex() < List->getNumInits())
          Stores[Field].reset();
  }
}

void FieldStores::collect(ASTContext &Context) {
  Collected = true;
  auto VisitAll = [&](const Stmt *Root) {
    anyStmt(Root, [&](const Stmt *S) {
      visit(S);
      return false;
    });
  };
  forEachUnitDecl(Context, UnitPart::OutsideSystemHeaders, [&](const Decl *D) {
    if (const auto *Function = dyn_cast<FunctionDecl>(D);
        Function && Function->doesThisDeclarationHaveABody())
      VisitAll(Function->getBody());
    else if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit())
      VisitAll(Var->getInit());
  });
}

} // namespace locklint::model
