//===--- LoopBounds.cpp - does a wait loop end on its own -----------------===//

#include "model/values/LoopBounds.h"
#include "model/redis/LockWords.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace locklint::model {
namespace {

bool hasWordOf(llvm::StringRef Name, llvm::ArrayRef<llvm::StringLiteral> Words) {
  return llvm::any_of(splitWords(Name),
                      [&](const std::string &Word) { return llvm::is_contained(Words, Word); });
}

/// Calls that read a clock or wait no longer than they are told. A pause
/// (`sleep_for`, `usleep`) is neither: it bounds one turn, not the loop.
bool boundingCall(const CallExpr *Call) {
  static constexpr llvm::StringLiteral Words[] = {
      "now",     "time",    "clock",   "gettime", "gettimeofday", "deadline",
      "timeout", "elapsed", "expired", "for",     "until",        "timedwait"};
  const FunctionDecl *Callee = Call->getDirectCallee();
  return Callee && Callee->getIdentifier() && !Callee->getName().contains("sleep") &&
         hasWordOf(Callee->getName(), Words);
}

/// Variables whose names say they bound the wait.
bool boundingVariable(const DeclRefExpr *Ref) {
  static constexpr llvm::StringLiteral Words[] = {
      "deadline", "timeout", "attempt", "attempts", "tries",  "retries", "retry",
      "remaining", "budget", "expires", "expiry",   "max",    "limit",   "stop"};
  const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
  return Var && Var->getIdentifier() && hasWordOf(Var->getName(), Words);
}

const Expr *conditionOf(const Stmt *Loop) {
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return While->getCond();
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return Do->getCond();
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return For->getCond();
  return nullptr;
}

} // namespace

bool hasVisibleBound(const Stmt *Loop, const Stmt *Retry) {
  if (isa<CXXForRangeStmt>(Loop))
    return true; // It walks a sequence.
  // A condition that compares sizes or counts ends by itself.
  if (const Expr *Condition = conditionOf(Loop))
    if (anyStmt(Condition, [](const Stmt *S) {
          const auto *Compare = dyn_cast<BinaryOperator>(S);
          return Compare && Compare->isRelationalOp();
        }))
      return true;
  return anyStmt(Loop, [&](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S))
      return Call != Retry && boundingCall(Call);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      return boundingVariable(Ref);
    return false;
  });
}

LoopParts loopParts(const Stmt *Loop) {
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return {While->getBody(), While->getCond()};
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return {Do->getBody(), Do->getCond()};
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return {For->getBody(), For->getCond()};
  return {};
}

bool leavesBody(const Stmt *Loop, bool Returns) {
  LoopParts Parts = loopParts(Loop);
  llvm::SmallVector<std::pair<const Stmt *, bool>, 32> Work{{Parts.Body, false}};
  while (!Work.empty()) {
    auto [S, Nested] = Work.pop_back_val();
    if (!S || isa<LambdaExpr>(S))
      continue;
    if (isa<GotoStmt, IndirectGotoStmt>(S) || (isa<BreakStmt>(S) && !Nested) ||
        (Returns && isa<ReturnStmt, CXXThrowExpr>(S)))
      return true;
    bool Inner = Nested || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      Work.push_back({Child, Inner});
  }
  return false;
}

bool endsOnlyFromOutside(const Stmt *Loop) {
  LoopParts Parts = loopParts(Loop);
  if (!Parts.Body || isa<CXXForRangeStmt>(Loop) || leavesBody(Loop, /*Returns=*/true))
    return false;
  if (!Parts.Condition)
    return true; // for (;;) with no way out: nothing it calls ends it.
  // The condition must read nothing the body assigns, and call nothing
  // but const methods (`running_.load()`): another call's answer may be
  // what ends it.
  llvm::SmallPtrSet<const Decl *, 8> Read;
  bool Asks = anyStmt(Parts.Condition, [&](const Stmt *S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      Read.insert(Ref->getDecl());
    const auto *Call = dyn_cast<CallExpr>(S);
    const auto *Method = Call ? dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()) : nullptr;
    return Call && !(Method && Method->isConst());
  });
  if (Asks)
    return false;
  return !anyStmt(Parts.Body, [&](const Stmt *S) {
    const Expr *Target = nullptr;
    if (const auto *Assign = dyn_cast<BinaryOperator>(S); Assign && Assign->isAssignmentOp())
      Target = Assign->getLHS();
    else if (const auto *Unary = dyn_cast<UnaryOperator>(S); Unary && Unary->isIncrementDecrementOp())
      Target = Unary->getSubExpr();
    else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S); Op && Op->isAssignmentOp())
      Target = Op->getArg(0);
    const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Target ? Target->IgnoreParenImpCasts() : nullptr);
    return Ref && Read.contains(Ref->getDecl());
  });
}

} // namespace locklint::model
