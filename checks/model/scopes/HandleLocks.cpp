//===--- HandleLocks.cpp - locks held through a handle --------------------===//

#include "model/scopes/HandleLocks.h"
#include "model/ast/Parents.h"
#include "model/values/ExprText.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace locklint::model {
namespace {

/// A function that deletes the node one of its parameters names.
struct Releaser {
  unsigned Parameter = 0;
};

/// True when \p Function hands back something that can name a node: a
/// pointer (the path's buffer) or an object (a std::string). A status code
/// or a bool says whether, not which.
bool returnsHandle(const FunctionDecl &Function) {
  QualType Type = Function.getReturnType();
  return Type->isPointerType() || Type->isRecordType();
}

/// The local variable \p Call's value is kept in: `char *h = take(...)`,
/// `h = take(...)`, through conversions and temporaries.
const VarDecl *keptIn(const CallExpr *Call, ASTContext &Context) {
  DynTypedNode Node = DynTypedNode::create(*Call);
  const Expr *Child = Call;
  for (;;) {
    DynTypedNodeList Parents = parentsOf(Node, Context);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    // A structured binding names its parts, not the handle.
    if (const auto *Var = Node.get<VarDecl>())
      return Var->hasLocalStorage() && !isa<DecompositionDecl>(Var) ? Var : nullptr;
    const auto *Parent = Node.get<Expr>();
    if (!Parent)
      return nullptr;
    if (isa<ImplicitCastExpr, ParenExpr, CXXBindTemporaryExpr, MaterializeTemporaryExpr,
            ExprWithCleanups, CXXConstructExpr, CXXFunctionalCastExpr, CStyleCastExpr>(Parent)) {
      Child = Parent;
      continue;
    }
    const Expr *Target = nullptr;
    if (const auto *Assign = dyn_cast<BinaryOperator>(Parent);
        Assign && Assign->getOpcode() == BO_Assign && Assign->getRHS() == Child)
      Target = Assign->getLHS();
    if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(Parent);
        Operator && Operator->getOperator() == OO_Equal && Operator->getNumArgs() == 2 &&
        Operator->getArg(1) == Child)
      Target = Operator->getArg(0);
    const auto *Ref = Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var && Var->hasLocalStorage() ? Var : nullptr;
  }
}

/// True when \p E names \p Var, through the string conversions.
bool names(const Expr *E, const VarDecl *Var) {
  const auto *Ref = dyn_cast<DeclRefExpr>(stripStringWrappers(E));
  return Ref && Ref->getDecl() == Var;
}

} // namespace

std::vector<HandleLockScope> findHandleLockScopes(ASTContext &Context,
                                                  llvm::ArrayRef<HelperCall> Calls,
                                                  const ZooKeeperCalls &Zoo,
                                                  llvm::ArrayRef<LockApiCall> ApiCalls) {
  // The functions that create a lock node and return a handle.
  llvm::DenseMap<const FunctionDecl *, const LockApiCall *> Takers;
  for (const LockApiCall &Api : ApiCalls)
    if (Api.Service == CoordinationService::ZooKeeper && Api.Function &&
        returnsHandle(*Api.Function))
      Takers.try_emplace(Api.Function, &Api);
  // The functions that delete the node a parameter names.
  llvm::DenseMap<const FunctionDecl *, Releaser> Releasers;
  for (const ZooCall &Delete : Zoo.calls()) {
    if (!Delete.is(ZooFunction::Delete) || !Delete.Function || !Delete.pathArgument())
      continue;
    if (const ParmVarDecl *Param = parameterOf(Delete.pathArgument(), Delete.Function))
      Releasers.try_emplace(Delete.Function, Releaser{Param->getFunctionScopeIndex()});
  }
  std::vector<HandleLockScope> Found;
  if (Takers.empty() || Releasers.empty())
    return Found;
  // The releasing calls of each caller, gathered once.
  llvm::DenseMap<const FunctionDecl *, std::vector<std::pair<const CallExpr *, unsigned>>>
      ReleasesIn;
  for (const HelperCall &Call : Calls)
    if (auto It = Releasers.find(helperDefinition(Call.Call)); It != Releasers.end() && Call.Caller)
      ReleasesIn[Call.Caller].push_back({Call.Call, It->second.Parameter});
  for (const HelperCall &Call : Calls) {
    auto Taker = Takers.find(helperDefinition(Call.Call));
    if (Taker == Takers.end() || !Call.Caller || Call.Caller == Taker->first)
      continue;
    const VarDecl *Handle = keptIn(Call.Call, Context);
    auto Candidates = ReleasesIn.find(Call.Caller);
    if (!Handle || Candidates == ReleasesIn.end())
      continue;
    HandleLockScope Held;
    for (const auto &[Release, Parameter] : Candidates->second) {
      llvm::ArrayRef<const Expr *> Args = callArguments(Release);
      if (Parameter < Args.size() && names(Args[Parameter], Handle))
        Held.Releases.push_back(Release);
    }
    // A handle nobody deletes here is released elsewhere, or never.
    if (Held.Releases.empty() || !Call.Caller->getBody())
      continue;
    const LockApiCall &Create = *Taker->second;
    const auto *Body = dyn_cast<CompoundStmt>(Call.Caller->getBody());
    if (!Body)
      continue;
    Held.Handle = Handle;
    Held.Create = Create.Call;
    Held.Taker = Taker->first;
    DistributedLockScope &Scope = Held.Scope;
    Scope.Function = Call.Caller;
    Scope.Acquired = Call.Call->getBeginLoc();
    Scope.Begin = Call.Call->getEndLoc();
    Scope.End = Body->getRBracLoc();
    Scope.Service = CoordinationService::ZooKeeper;
    Scope.Key = Create.KeyText.empty() || Create.KeyText.find("{}") != std::string::npos
                    ? Handle->getNameAsString()
                    : Create.KeyText;
    Scope.KeyId = declIdentity(Handle);
    Found.push_back(std::move(Held));
  }
  return Found;
}

bool underTestOf(const Stmt *S, const VarDecl *Handle, ASTContext &Context) {
  for (const Stmt *Child = S, *Parent = parentStmt(S, Context); Parent;
       Child = Parent, Parent = parentStmt(Parent, Context))
    if (const auto *If = dyn_cast<IfStmt>(Parent);
        If && Child != If->getCond() && !referencesIn(If->getCond(), Handle).empty())
      return true;
  return false;
}

} // namespace locklint::model
