//===--- LocalLockScopes.cpp - where an in-process lock is held -----------===//

#include "model/scopes/LocalLockScopes.h"
#include "model/ast/Parents.h"
#include "model/redis/CommandExtractor.h"
#include "model/values/ExprText.h"
#include "model/values/SourceOrder.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace locklint::model {
namespace {

/// The block that directly holds \p S, and the statement of that block that
/// holds \p S.
std::pair<const CompoundStmt *, const Stmt *> enclosingBlock(const Stmt *S, ASTContext &Context) {
  DynTypedNode Node = DynTypedNode::create(*S);
  const Stmt *Child = S;
  while (true) {
    DynTypedNodeList Parents = parentsOf(Node, Context);
    if (Parents.empty())
      return {nullptr, nullptr};
    Node = Parents[0];
    if (const auto *Block = Node.get<CompoundStmt>())
      return {Block, Child};
    if (const auto *Parent = Node.get<Stmt>())
      Child = Parent;
    else if (!Node.get<Decl>())
      return {nullptr, nullptr};
  }
}

std::string typeName(QualType Type, const ASTContext &Context) {
  Type = Type.getNonReferenceType().getUnqualifiedType();
  if (const auto *Pointer = Type->getAs<PointerType>())
    Type = Pointer->getPointeeType().getUnqualifiedType();
  PrintingPolicy Policy(Context.getLangOpts());
  Policy.SuppressTagKeyword = true;
  return Type.getAsString(Policy);
}

std::string recordName(QualType Type) {
  Type = Type.getNonReferenceType();
  if (const auto *Pointer = Type->getAs<PointerType>())
    Type = Pointer->getPointeeType();
  const CXXRecordDecl *Record = Type->getAsCXXRecordDecl();
  return Record ? Record->getQualifiedNameAsString() : "";
}

/// The identity of the object a lock call acts on, for pairing lock() with
/// unlock(): `m`, `this->m_`, `&mutex_`.
std::string objectIdentity(const Expr *E, const ASTContext &Context) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Unary = dyn_cast<UnaryOperator>(E); Unary && Unary->getOpcode() == UO_AddrOf)
    E = Unary->getSubExpr()->IgnoreParenImpCasts();
  return expressionIdentity(E, Context);
}

} // namespace

bool LocalLockScope::contains(SourceLocation Loc, const SourceManager &SM) const {
  Loc = SM.getExpansionLoc(Loc);
  return !isBefore(SM, Loc, SM.getExpansionLoc(Begin)) &&
         !isBefore(SM, SM.getExpansionLoc(End), Loc);
}

std::vector<std::string> LocalLockScopes::guardNames(const LocalLockModel &Model) {
  std::vector<std::string> Names;
  for (const auto &Entry : Model.Guards)
    Names.push_back("::" + Entry.getKey().str());
  llvm::sort(Names);
  return Names;
}

std::vector<std::string> LocalLockScopes::methodNames(const LocalLockModel &Model) {
  std::vector<std::string> Names;
  for (const auto *Set : {&Model.LockMethods, &Model.UnlockMethods})
    for (const auto &Entry : *Set)
      Names.push_back(Entry.getKey().str());
  llvm::sort(Names);
  return Names;
}

std::vector<std::string> LocalLockScopes::functionNames(const LocalLockModel &Model) {
  std::vector<std::string> Names;
  for (const auto &Entry : Model.LockFunctions) {
    Names.push_back("::" + Entry.getKey().str());
    Names.push_back("::" + Entry.getValue().Unlock);
  }
  llvm::sort(Names);
  return Names;
}

void LocalLockScopes::addGuard(const VarDecl *Guard) {
  if (Guard->hasLocalStorage())
    Guards.push_back(Guard);
}

void LocalLockScopes::addCall(const CallExpr *CallExpression) {
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(CallExpression)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    const Expr *Object = Member->getImplicitObjectArgument();
    if (!Method || !Method->getIdentifier() || !Object)
      return;
    std::string Record = recordName(Object->getType());
    bool OnGuard = Model.Guards.count(Record);
    if (!OnGuard && !Model.Mutexes.count(Record))
      return;
    bool Locks = Model.LockMethods.contains(Method->getName());
    if (!Locks && !Model.UnlockMethods.contains(Method->getName()))
      return;
    Calls.push_back({CallExpression, objectIdentity(Object, Context), Locks,
                     typeName(Object->getType(), Context), OnGuard});
    return;
  }
  const FunctionDecl *Callee = CallExpression->getDirectCallee();
  if (!Callee || CallExpression->getNumArgs() == 0)
    return;
  std::string Name = Callee->getQualifiedNameAsString();
  std::string Object = objectIdentity(CallExpression->getArg(0), Context);
  if (auto It = Model.LockFunctions.find(Name); It != Model.LockFunctions.end()) {
    Calls.push_back({CallExpression, Object, true, It->second.TypeName, false});
    return;
  }
  for (const auto &Entry : Model.LockFunctions)
    if (Entry.getValue().Unlock == Name)
      Calls.push_back({CallExpression, Object, false, Entry.getValue().TypeName, false});
}

std::vector<LocalLockScope> LocalLockScopes::finish() {
  const SourceManager &SM = Context.getSourceManager();
  std::vector<LocalLockScope> Scopes;
  auto Before = [&](SourceLocation A, SourceLocation B) { return isBefore(SM, A, B); };
  // The last unlock of Object at the same block level as \p From, after it.
  auto LastUnlock = [&](const std::string &Object, const CompoundStmt *Block,
                        SourceLocation From, bool FirstOnly) -> SourceLocation {
    SourceLocation Found;
    for (const Call &C : Calls) {
      if (C.Locks || C.Object != Object || !Before(From, C.Expr->getBeginLoc()))
        continue;
      if (enclosingBlock(C.Expr, Context).first != Block)
        continue;
      if (FirstOnly && Found.isValid() && Before(Found, C.Expr->getBeginLoc()))
        continue;
      if (!Found.isValid() || FirstOnly || Before(Found, C.Expr->getBeginLoc()))
        Found = C.Expr->getBeginLoc();
    }
    return Found;
  };

  for (const VarDecl *Guard : Guards) {
    DynTypedNodeList Statement = parentsOf(*Guard, Context);
    if (Statement.empty() || !Statement[0].get<DeclStmt>())
      continue;
    const auto [Block, Holder] = enclosingBlock(Statement[0].get<DeclStmt>(), Context);
    if (!Block)
      continue;
    LocalLockScope Scope;
    Scope.Function = dyn_cast_or_null<FunctionDecl>(Guard->getParentFunctionOrMethod());
    Scope.Acquired = Guard->getLocation();
    Scope.Begin = Guard->getBeginLoc();
    Scope.End = Block->getRBracLoc();
    std::string Name = recordName(Guard->getType());
    const auto *Construct =
        Guard->getInit() ? dyn_cast<CXXConstructExpr>(Guard->getInit()->IgnoreImplicit()) : nullptr;
    Scope.LockType = Construct && Construct->getNumArgs() > 0
                         ? typeName(Construct->getArg(0)->getType(), Context)
                         : Name;
    if (Model.Guards.lookup(Name) == LocalLockModel::GuardKind::Unique) {
      // std::defer_lock: held from the guard's own lock() on.
      bool Deferred = Construct && Construct->getNumArgs() > 1 &&
                      typeName(Construct->getArg(1)->getType(), Context).find("defer_lock") !=
                          std::string::npos;
      std::string GuardId = declIdentity(Guard);
      if (Deferred) {
        SourceLocation Lock;
        for (const Call &C : Calls)
          if (C.Locks && C.Object == GuardId && Before(Scope.Begin, C.Expr->getBeginLoc()) &&
              (!Lock.isValid() || Before(C.Expr->getBeginLoc(), Lock)))
            Lock = C.Expr->getBeginLoc();
        if (!Lock.isValid())
          continue;
        Scope.Begin = Scope.Acquired = Lock;
      }
      if (SourceLocation Unlock = LastUnlock(GuardId, Block, Scope.Begin, true); Unlock.isValid())
        Scope.End = Unlock;
    }
    Scopes.push_back(Scope);
  }

  for (const Call &C : Calls) {
    if (!C.Locks || C.OnGuard)
      continue;
    const auto [Block, Holder] = enclosingBlock(C.Expr, Context);
    if (!Block)
      continue;
    LocalLockScope Scope;
    Scope.Function = enclosingFunction(C.Expr, Context);
    Scope.Acquired = Scope.Begin = C.Expr->getBeginLoc();
    SourceLocation Unlock = LastUnlock(C.Object, Block, Scope.Begin, false);
    Scope.End = Unlock.isValid() ? Unlock : Block->getRBracLoc();
    Scope.LockType = C.Type;
    Scopes.push_back(Scope);
  }
  llvm::sort(Scopes, [&](const LocalLockScope &A, const LocalLockScope &B) {
    return Before(A.Acquired, B.Acquired);
  });
  return Scopes;
}

} // namespace locklint::model
