//===--- ZooKeeperSessionLossIgnoredCheck.cpp -----------------------------===//

#include "ZooKeeperSessionLossIgnoredCheck.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"

using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// The body of the watcher \p Watcher names: a function defined in this
/// unit or a lambda; null when it cannot be seen.
const Stmt *watcherBody(const Expr *Watcher, const FunctionDecl *&Function) {
  const Expr *Bare = Watcher->IgnoreParenImpCasts();
  if (const auto *Unary = dyn_cast<UnaryOperator>(Bare); Unary && Unary->getOpcode() == UO_AddrOf)
    Bare = Unary->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare)) {
    const auto *Named = dyn_cast<FunctionDecl>(Ref->getDecl());
    Function = Named ? Named->getDefinition() : nullptr;
    return Function ? Function->getBody() : nullptr;
  }
  const LambdaExpr *Lambda = nullptr;
  anyStmt(Watcher, [&](const Stmt *S) {
    Lambda = dyn_cast<LambdaExpr>(S);
    return Lambda != nullptr;
  });
  return Lambda ? Lambda->getBody() : nullptr;
}

/// True when \p Body names a state that means the session is lost, or asks
/// the handle for its state.
bool looksAtSession(const Stmt *Body, const ZooKeeperModel &Model) {
  return anyStmt(Body, [&](const Stmt *S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      return Ref->getDecl()->getIdentifier() && Model.watchesSessionLoss(Ref->getDecl()->getName());
    return false;
  });
}

} // namespace

void ZooKeeperSessionLossIgnoredCheck::checkZooKeeper(const ZooKeeperCalls &Calls,
                                                      ASTContext &Context) {
  // Only a session that holds ephemeral lock nodes loses a lock with it: a
  // node named as a lock, or a sequential one the unit waits on by the
  // lock recipe, whatever its name.
  bool Recipe = Calls.waitsForTurns();
  const ZooCall *Lock = nullptr;
  for (const ZooCall &Create : Calls.calls())
    if (!Lock && Create.is(ZooFunction::Create) && Create.Mode && Create.Mode->ephemeral() &&
        ((Recipe && Create.Mode->sequential()) ||
         lockWords().matchesAnyWord(Create.lastComponent())))
      Lock = &Create;
  if (!Lock)
    return;
  const ZooKeeperModel &Model = ZooKeeperModel::builtin();
  for (const ZooCall &Init : Calls.calls()) {
    if (!Init.is(ZooFunction::Session) || !Init.Watcher)
      continue;
    const FunctionDecl *Function = nullptr;
    bool NoWatcher = Init.Watcher->IgnoreParenImpCasts()->isNullPointerConstant(
        Context, Expr::NPC_ValueDependentIsNotNull);
    const Stmt *Body = NoWatcher ? nullptr : watcherBody(Init.Watcher, Function);
    if (!NoWatcher && (!Body || looksAtSession(Body, Model)))
      continue;
    diagAt(Init.Call, "%select{the session watcher never looks at the session's state|no "
                      "watcher hears this session end}0: when it expires, ZooKeeper deletes "
                      "this process's ephemeral lock nodes and another process takes the "
                      "lock while this one works on")
        << NoWatcher;
    if (Function)
      diag(Function->getLocation(), "watcher defined here; on ZOO_EXPIRED_SESSION_STATE stop "
                                    "the work the lock protects",
           DiagnosticIDs::Note);
    diag(Lock->Call->getBeginLoc(), "ephemeral lock node created here", DiagnosticIDs::Note);
  }
}

} // namespace clang::tidy::distlock
