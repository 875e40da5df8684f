//===--- ScopeAccesses.cpp - what a region of code does to shared state ---===//

#include "model/scopes/ScopeAccesses.h"
#include "model/values/ExprText.h"
#include "model/values/SourceOrder.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace locklint::model {
namespace {

/// How many helper levels a region is followed into.
constexpr unsigned MaxHelperDepth = 3;

} // namespace

ScopeAccesses::ScopeAccesses(const LockIndex &Index, llvm::ArrayRef<SqlExecution> AllSql,
                             llvm::ArrayRef<HelperCall> AllCalls)
    : Index(Index) {
  const SourceManager &SM = Index.context().getSourceManager();
  for (const RedisCommand *Command : Index.commands())
    Commands[Command->Function].push_back(Command);
  // The index keeps the order commands run in; by expansion location, with
  // that order among the commands of one call (an EVAL and its script).
  for (auto &[Function, List] : Commands)
    List.sort([&](const RedisCommand *C) { return SM.getExpansionLoc(C->Call->getBeginLoc()); },
              SM);
  for (const SqlExecution &E : AllSql)
    Executions[E.Function].push_back(&E);
  for (const HelperCall &Call : AllCalls)
    Calls[Call.Caller].push_back(&Call);
}

llvm::ArrayRef<const RedisCommand *> ScopeAccesses::commandsIn(const FunctionDecl *Function,
                                                              SourceRange Region) const {
  auto It = Commands.find(Function);
  if (It == Commands.end())
    return {};
  if (Region.isInvalid())
    return It->second.items();
  const SourceManager &SM = Index.context().getSourceManager();
  return It->second.within(SM.getExpansionLoc(Region.getBegin()),
                           SM.getExpansionLoc(Region.getEnd()), SourceOrder(SM));
}

std::vector<Access> ScopeAccesses::of(const FunctionDecl *Function, SourceLocation Begin,
                                      SourceLocation End,
                                      llvm::function_ref<bool(SourceLocation)> Inside) const {
  const SourceManager &SM = Index.context().getSourceManager();
  std::vector<Access> Found;
  collect(Function, SourceRange(Begin, End), Inside, SourceLocation(), 0, Bindings(), Found);
  // Accesses placed at one helper call keep the order the helper has them in.
  sortBySourceOrder(Found, [](const Access &A) { return A.At; }, SM);
  return Found;
}

std::string ScopeAccesses::connectionOf(const Expr *E, const std::string &Identity,
                                        const Bindings &Bound) const {
  const auto *Ref = E ? dyn_cast<DeclRefExpr>(stripStringWrappers(E)) : nullptr;
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  auto It = Param ? Bound.find(Param) : Bound.end();
  return It != Bound.end() ? It->second : Identity;
}

void ScopeAccesses::collect(const FunctionDecl *Function, SourceRange Region,
                            llvm::function_ref<bool(SourceLocation)> Inside, SourceLocation At,
                            unsigned Depth, const Bindings &Bound,
                            std::vector<Access> &Found) const {
  auto Place = [&](SourceLocation Own) { return At.isValid() ? At : Own; };
  // In a helper, a command built from its parameters is already counted as
  // its instance at the call that led here.
  for (const RedisCommand *Command : commandsIn(Function, Region))
    if (!Command->InScript && !Command->Args.empty() &&
        Inside(Command->Call->getBeginLoc()) &&
        (Depth == 0 || !CommandSummaries::dependsOnParameters(*Command)))
      Found.push_back({Place(Command->Call->getBeginLoc()), Command, nullptr, ""});
  for (const SqlExecution *E : Executions.lookup(Function))
    if (Inside(E->Call->getBeginLoc()))
      Found.push_back({Place(E->Call->getBeginLoc()), nullptr, E,
                       connectionOf(E->ConnectionExpr, E->Connection, Bound)});
  if (Depth == MaxHelperDepth)
    return;
  for (const HelperCall *Helper : Calls.lookup(Function)) {
    const HelperCall &Call = *Helper;
    const FunctionDecl *Callee = helperDefinition(Call.Call);
    if (!Callee || Callee == Function || !Inside(Call.Call->getBeginLoc()))
      continue;
    // The connection or transaction handed to the helper is the caller's.
    Bindings Inner;
    llvm::ArrayRef<const Expr *> Args = callArguments(Call.Call);
    for (unsigned I = 0; I < Args.size() && I < Callee->getNumParams(); ++I)
      Inner[Callee->getParamDecl(I)] =
          connectionOf(Args[I], expressionIdentity(Args[I], Index.context()), Bound);
    collect(Callee, SourceRange(), [](SourceLocation) { return true; },
            Place(Call.Call->getBeginLoc()), Depth + 1, Inner, Found);
  }
}

} // namespace locklint::model
