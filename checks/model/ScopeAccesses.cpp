//===--- ScopeAccesses.cpp - what a region of code does to shared state ---===//

#include "ScopeAccesses.h"
#include "ExprText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace locklint::model {
namespace {

/// How many helper levels a region is followed into.
constexpr unsigned MaxHelperDepth = 3;

} // namespace

std::vector<Access> ScopeAccesses::of(const FunctionDecl *Function,
                                      llvm::function_ref<bool(SourceLocation)> Inside) const {
  const SourceManager &SM = Index.context().getSourceManager();
  std::vector<Access> Found;
  collect(Function, Inside, SourceLocation(), 0, Bindings(), Found);
  // Accesses placed at one helper call keep the order the helper has them in.
  std::vector<size_t> Order(Found.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  llvm::sort(Order, [&](size_t A, size_t B) {
    if (Found[A].At != Found[B].At)
      return SM.isBeforeInTranslationUnit(Found[A].At, Found[B].At);
    return A < B;
  });
  std::vector<Access> Sorted;
  for (size_t I : Order)
    Sorted.push_back(Found[I]);
  return Sorted;
}

std::string ScopeAccesses::connectionOf(const Expr *E, const std::string &Identity,
                                        const Bindings &Bound) const {
  const auto *Ref = E ? dyn_cast<DeclRefExpr>(stripStringWrappers(E)) : nullptr;
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  auto It = Param ? Bound.find(Param) : Bound.end();
  return It != Bound.end() ? It->second : Identity;
}

void ScopeAccesses::collect(const FunctionDecl *Function,
                            llvm::function_ref<bool(SourceLocation)> Inside, SourceLocation At,
                            unsigned Depth, const Bindings &Bound,
                            std::vector<Access> &Found) const {
  auto Place = [&](SourceLocation Own) { return At.isValid() ? At : Own; };
  // In a helper, a command built from its parameters is already counted as
  // its instance at the call that led here.
  for (const RedisCommand *Command : Index.commands())
    if (Command->Function == Function && !Command->InScript && !Command->Args.empty() &&
        Inside(Command->Call->getBeginLoc()) &&
        (Depth == 0 || !CommandSummaries::dependsOnParameters(*Command)))
      Found.push_back({Place(Command->Call->getBeginLoc()), Command, nullptr, ""});
  for (const SqlExecution &E : Executions)
    if (E.Function == Function && Inside(E.Call->getBeginLoc()))
      Found.push_back({Place(E.Call->getBeginLoc()), nullptr, &E,
                       connectionOf(E.ConnectionExpr, E.Connection, Bound)});
  if (Depth == MaxHelperDepth)
    return;
  for (const HelperCall &Call : Calls) {
    const FunctionDecl *Callee = helperDefinition(Call.Call);
    if (Call.Caller != Function || !Callee || Callee == Function ||
        !Inside(Call.Call->getBeginLoc()))
      continue;
    // The connection or transaction handed to the helper is the caller's.
    Bindings Inner;
    llvm::ArrayRef<const Expr *> Args(Call.Call->getArgs(), Call.Call->getNumArgs());
    if (isa<CXXOperatorCallExpr>(Call.Call) && isa<CXXMethodDecl>(Callee))
      Args = Args.drop_front();
    for (unsigned I = 0; I < Args.size() && I < Callee->getNumParams(); ++I)
      Inner[Callee->getParamDecl(I)] =
          connectionOf(Args[I], expressionIdentity(Args[I], Index.context()), Bound);
    collect(Callee, [](SourceLocation) { return true; }, Place(Call.Call->getBeginLoc()),
            Depth + 1, Inner, Found);
  }
}

} // namespace locklint::model
