//===--- ScopeAccesses.cpp - what a region of code does to shared state ---===//

#include "ScopeAccesses.h"
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
  collect(Function, Inside, SourceLocation(), 0, Found);
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

void ScopeAccesses::collect(const FunctionDecl *Function,
                            llvm::function_ref<bool(SourceLocation)> Inside, SourceLocation At,
                            unsigned Depth, std::vector<Access> &Found) const {
  auto Place = [&](SourceLocation Own) { return At.isValid() ? At : Own; };
  for (const RedisCommand *Command : Index.commands())
    if (Command->Function == Function && !Command->Origin && !Command->Args.empty() &&
        Inside(Command->Call->getBeginLoc()))
      Found.push_back({Place(Command->Call->getBeginLoc()), Command, nullptr});
  for (const SqlExecution &E : Executions)
    if (E.Function == Function && Inside(E.Call->getBeginLoc()))
      Found.push_back({Place(E.Call->getBeginLoc()), nullptr, &E});
  if (Depth == MaxHelperDepth)
    return;
  for (const HelperCall &Call : Calls) {
    const FunctionDecl *Callee = helperDefinition(Call.Call);
    if (Call.Caller != Function || !Callee || Callee == Function ||
        !Inside(Call.Call->getBeginLoc()))
      continue;
    collect(Callee, [](SourceLocation) { return true; }, Place(Call.Call->getBeginLoc()),
            Depth + 1, Found);
  }
}

} // namespace locklint::model
