//===--- LockObjects.cpp - objects that hold a distributed lock -----------===//

#include "model/scopes/LockObjects.h"
#include "model/ast/Parents.h"
#include "model/redis/CommandSummaries.h"
#include "model/values/ExprText.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace locklint::model {

namespace {

/// The factory \p Object is initialized by (`store.guard("jobs")`), and the
/// call of it; nulls when its initializer is not a call of a function of
/// the unit that returns a value.
std::pair<const CallExpr *, const FunctionDecl *> factoryOf(const VarDecl *Object) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Object->getInit() ? Object->getInit()->IgnoreImplicit()
                                                                   : nullptr);
  const FunctionDecl *Factory = Call ? helperDefinition(Call) : nullptr;
  if (!Factory || Factory->getReturnType()->isReferenceType())
    return {nullptr, nullptr};
  return {Call, Factory};
}

/// True when \p Object is initialized by a call, whose body this unit may
/// not have, that returns it by value.
bool returnedByValue(const VarDecl *Object) {
  const auto *Call = dyn_cast_or_null<CallExpr>(
      Object->getInit() ? Object->getInit()->IgnoreImplicit() : nullptr);
  return Call && !Call->getCallReturnType(Object->getASTContext())->isReferenceType() &&
         !Object->getType()->isReferenceType() && Object->getType()->getAsCXXRecordDecl();
}

/// One of \p Record's constructors when every constructor it declares,
/// other than copies and moves, is one \p Acquiring accepts: however an
/// object of it was built (by a factory in another unit), it holds a lock.
const FunctionDecl *everyConstructorAcquires(const CXXRecordDecl *Record, AcceptsConstructor Acquiring) {
  if (!Record || !Record->hasDefinition())
    return nullptr;
  const FunctionDecl *Found = nullptr;
  for (const CXXConstructorDecl *Constructor : Record->ctors()) {
    if (Constructor->isCopyOrMoveConstructor() || Constructor->isDeleted())
      continue;
    const FunctionDecl *Definition = Constructor->getDefinition();
    if (!Definition || !Acquiring(Definition))
      return nullptr;
    if (!Found)
      Found = Definition;
  }
  return Found;
}

} // namespace

const ParmVarDecl *constructorParameter(const Expr *E, const FunctionDecl *Constructor) {
  if (const ParmVarDecl *Param = parameterOf(E, Constructor))
    return Param;
  const auto *Member = E ? dyn_cast<MemberExpr>(stripStringWrappers(E)) : nullptr;
  const auto *Built = dyn_cast_or_null<CXXConstructorDecl>(Constructor);
  if (!Member || !Built || !isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  for (const CXXCtorInitializer *Init : Built->inits())
    if (Init->isWritten() && Init->getMember() == Member->getMemberDecl())
      return parameterOf(Init->getInit()->IgnoreImplicit(), Constructor);
  return nullptr;
}

const CXXConstructExpr *constructionIn(const Expr *E) {
  E = E ? E->IgnoreImplicit() : nullptr;
  if (const auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  return dyn_cast_or_null<CXXConstructExpr>(E);
}

const Expr *constructorArgument(const VarDecl *Object, unsigned Index) {
  if (const CXXConstructExpr *Construct = constructionIn(Object->getInit()))
    return Index < Construct->getNumArgs() ? Construct->getArg(Index) : nullptr;
  auto [Call, Factory] = factoryOf(Object);
  if (!Factory)
    return nullptr;
  std::optional<unsigned> Handed;
  for (const ReturnStmt *Return : returnsOf(Factory)) {
    const CXXConstructExpr *Built = constructionIn(Return->getRetValue());
    const ParmVarDecl *Param = Built && Index < Built->getNumArgs()
                                   ? parameterOf(Built->getArg(Index), Factory)
                                   : nullptr;
    if (!Param || (Handed && *Handed != Param->getFunctionScopeIndex()))
      return nullptr;
    Handed = Param->getFunctionScopeIndex();
  }
  return Handed && *Handed < Call->getNumArgs() ? Call->getArg(*Handed) : nullptr;
}

const FunctionDecl *constructorOf(const VarDecl *Object, AcceptsConstructor Acquiring) {
  auto Built = [&](const CXXConstructExpr *Construct) -> const FunctionDecl * {
    const FunctionDecl *Definition =
        Construct && Construct->getConstructor() ? Construct->getConstructor()->getDefinition()
                                                 : nullptr;
    return Definition && Acquiring(Definition) ? Definition : nullptr;
  };
  if (const CXXConstructExpr *Construct = constructionIn(Object->getInit()))
    return Built(Construct);
  const FunctionDecl *Factory = factoryOf(Object).second;
  if (!Factory)
    return returnedByValue(Object) ? everyConstructorAcquires(Object->getType()->getAsCXXRecordDecl(),
                                                              Acquiring)
                                   : nullptr;
  std::vector<const ReturnStmt *> Returns = returnsOf(Factory);
  const FunctionDecl *Found = nullptr;
  for (const ReturnStmt *Return : Returns) {
    const FunctionDecl *Constructor = Built(constructionIn(Return->getRetValue()));
    if (!Constructor || (Found && Found != Constructor))
      return nullptr;
    Found = Constructor;
  }
  return Found;
}

const CompoundStmt *blockDeclaring(const VarDecl *Object, ASTContext &Context) {
  DynTypedNodeList Parents = parentsOf(*Object, Context);
  const auto *Declaration = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
  return Declaration ? dyn_cast_or_null<CompoundStmt>(parentStmt(Declaration, Context)) : nullptr;
}

const LambdaExpr *scopeGuardLambda(const Stmt *Statement) {
  const auto *Declaration = dyn_cast_or_null<DeclStmt>(Statement);
  if (!Declaration || !Declaration->isSingleDecl())
    return nullptr;
  const auto *Guard = dyn_cast<VarDecl>(Declaration->getSingleDecl());
  const CXXRecordDecl *Type = Guard ? Guard->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Type || Type->isLambda() || !Guard->getInit())
    return nullptr;
  const LambdaExpr *Found = nullptr;
  anyStmt(Guard->getInit(), [&](const Stmt *S) {
    Found = dyn_cast<LambdaExpr>(S);
    return Found != nullptr;
  });
  return Found;
}

} // namespace locklint::model
