//===--- LoopBounds.cpp - does a wait loop end on its own -----------------===//

#include "model/values/LoopBounds.h"
#include "model/redis/LockWords.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace locklint::model {
namespace {

bool hasWordOf(llvm::StringRef Name, llvm::ArrayRef<llvm::StringLiteral> Words) {
  return llvm::any_of(splitWords(Name),
                      [&](const std::string &Word) { return llvm::is_contained(Words, Word); });
}

/// Calls that read a clock or wait no longer than they are told.
bool boundingCall(const CallExpr *Call) {
  static constexpr llvm::StringLiteral Words[] = {
      "now",     "time",    "clock",   "gettime", "gettimeofday", "deadline",
      "timeout", "elapsed", "expired", "for",     "until",        "timedwait"};
  const FunctionDecl *Callee = Call->getDirectCallee();
  return Callee && Callee->getIdentifier() && hasWordOf(Callee->getName(), Words);
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

bool hasVisibleBound(const Stmt *Loop) {
  if (isa<CXXForRangeStmt>(Loop))
    return true; // It walks a sequence.
  // A condition that compares sizes or counts ends by itself.
  if (const Expr *Condition = conditionOf(Loop))
    if (anyStmt(Condition, [](const Stmt *S) {
          const auto *Compare = dyn_cast<BinaryOperator>(S);
          return Compare && Compare->isRelationalOp();
        }))
      return true;
  return anyStmt(Loop, [](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S))
      return boundingCall(Call);
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

} // namespace locklint::model
