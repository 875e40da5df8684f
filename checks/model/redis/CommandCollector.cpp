//===--- CommandCollector.cpp - the Redis commands of a translation unit --===//

#include "model/redis/CommandCollector.h"
#include "model/matching/NameSet.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/DeclaredClients.h"
#include "model/values/ExprText.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace locklint::model {

void CommandCollector::registerMatchers(CallDispatch &Calls, MatchFinder &Finder,
                                        MatchFinder::MatchCallback *Callback) const {
  auto Names = std::make_shared<const NameSet>(Model.names());
  Calls.add(Finder, "call", Calls.callsOneOf(Names), Callback);
  // Calls of the program's own functions, which may wrap the client. The
  // callee may be declared here and defined further down: its body is looked
  // up once the whole translation unit is read.
  Calls.add(Finder, "helper-call",
            CallDispatch::outsideSystemHeaders(
                [&Calls, Names](const CallExpr &Call, ASTContext &Context) {
                  const FunctionDecl *Callee = Calls.programCallee(Call, Context);
                  return Callee && !Names->contains(*Callee);
                }),
            Callback);
}

bool CommandCollector::collect(const MatchFinder::MatchResult &Result) {
  const auto *Helper = Result.Nodes.getNodeAs<CallExpr>("helper-call");
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Helper && !Call)
    return false;
  if (!Context) {
    Context = Result.Context;
    Strings = std::make_unique<StringValueTracker>(*Context);
    if (ObjectFieldsKept)
      Strings->keepObjectFields();
    Extractor = std::make_unique<CommandExtractor>(Model, *Context, *Strings);
    Enclosing = std::make_unique<EnclosingFunctions>(*Context);
  }
  if (Helper) {
    if (Helper->containsErrors())
      return true;
    if (helperDefinition(Helper))
      HelperCalls.push_back({Helper, Enclosing->of(Helper)});
    // A callee whose body is elsewhere, or an interface's pure method.
    if (const FunctionDecl *Callee = Helper->getDirectCallee()) {
      std::optional<FunctionSpec> Spec = declaredFormatCommand(*Callee);
      if (!Spec)
        Spec = declaredNamedCommand(*Callee);
      if (Spec) {
        Spec->DeclaredAt = placeOf(Callee->getLocation(), *Result.SourceManager);
        DeclaredCommands.try_emplace(Callee->getCanonicalDecl(), std::move(*Spec));
        DeclaredCalls.push_back({Helper, Enclosing->of(Helper)});
      }
    }
    return true;
  }
  const SourceManager &SM = *Result.SourceManager;
  // Calls in system headers, or in macros that a system header defines, are
  // not the user's to change.
  SourceLocation Loc = Call->getBeginLoc();
  if (Call->containsErrors() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
      SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    return true;
  std::optional<RedisCommand> Command = Extractor->extract(Call);
  if (!Command) {
    const FunctionDecl *Function = Enclosing->of(Call);
    if (auto Wrapped = Extractor->extractWrapped(Call, Function))
      Commands.push_back(std::move(*Wrapped));
    else if (auto Spec = Extractor->formatWrapperSpec(Call, Function))
      FormatWrappers.try_emplace(Function->getCanonicalDecl(), std::move(*Spec));
    else if (auto Forward = Extractor->vaListForward(Call, Function))
      VaListForwards.try_emplace(Function->getCanonicalDecl(),
                                 VaListForward{Forward->first, Forward->second,
                                               Extractor->clientOf(Call)});
    return true;
  }
  if (Command->Spec->Form == CallForm::Stream) {
    for (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call->getArg(0)->IgnoreParenImpCasts()); Op;
         Op = dyn_cast<CXXOperatorCallExpr>(Op->getArg(0)->IgnoreParenImpCasts()))
      InnerStreamCalls.insert(Op);
  }
  Command->Function = Enclosing->of(Call);
  std::vector<RedisCommand> Then = Extractor->extractThen(*Command);
  readScript(*Command);
  Commands.push_back(std::move(*Command));
  for (RedisCommand &Next : Then) {
    Next.Function = Commands.back().Function;
    readScript(Next);
    Commands.push_back(std::move(Next));
  }
  return true;
}

std::deque<RedisCommand> CommandCollector::finish(std::unique_ptr<CommandSummaries> *Summaries) {
  if (!Context)
    return {};
  llvm::erase_if(Commands, [&](const RedisCommand &Command) {
    return InnerStreamCalls.contains(Command.Call);
  });
  followVaListForwards();
  // Calls of the program's format functions are client calls.
  for (const HelperCall &Call : HelperCalls) {
    const FunctionDecl *Callee = helperDefinition(Call.Call);
    auto Wrapper = Callee ? FormatWrappers.find(Callee->getCanonicalDecl()) : FormatWrappers.end();
    if (Wrapper == FormatWrappers.end())
      continue;
    if (std::optional<RedisCommand> Command = Extractor->extractAs(Wrapper->second, Call.Call)) {
      Command->Function = Call.Caller;
      Commands.push_back(std::move(*Command));
    }
  }
  // Calls that only their declaration explains.
  for (const HelperCall &Call : DeclaredCalls) {
    const FunctionSpec &Spec =
        DeclaredCommands.find(Call.Call->getDirectCallee()->getCanonicalDecl())->second;
    if (std::optional<RedisCommand> Command = Extractor->extractAs(Spec, Call.Call)) {
      Command->Function = Call.Caller;
      Commands.push_back(std::move(*Command));
    }
  }
  auto Expanded = std::make_unique<CommandSummaries>(*Context, *Strings, *Extractor);
  std::deque<RedisCommand> All = Expanded->expand(std::move(Commands), HelperCalls);
  Commands.clear();
  if (Summaries)
    *Summaries = std::move(Expanded);
  return All;
}

void CommandCollector::followVaListForwards() {
  // Each round adds the functions that call one found before; a forwarder
  // of a forwarder is found in the next.
  for (bool Grew = !VaListForwards.empty(); Grew;) {
    Grew = false;
    for (const HelperCall &Call : HelperCalls) {
      const FunctionDecl *Callee = helperDefinition(Call.Call);
      auto Forward = Callee ? VaListForwards.find(Callee->getCanonicalDecl()) : VaListForwards.end();
      const FunctionDecl *Caller = Call.Caller;
      llvm::ArrayRef<const Expr *> Args = callArguments(Call.Call);
      if (Forward == VaListForwards.end() || !Caller ||
          std::max(Forward->second.FormatParam, Forward->second.ListParam) >= Args.size())
        continue;
      const ParmVarDecl *Format = parameterOf(Args[Forward->second.FormatParam], Caller);
      const auto *List = dyn_cast<DeclRefExpr>(Args[Forward->second.ListParam]->IgnoreParenImpCasts());
      const auto *ListVar = List ? dyn_cast<VarDecl>(List->getDecl()) : nullptr;
      if (!Format || !ListVar)
        continue;
      const auto *ListParam = dyn_cast<ParmVarDecl>(ListVar);
      if (ListParam && ListParam->getDeclContext() == Caller) {
        Grew |= VaListForwards
                    .try_emplace(Caller->getCanonicalDecl(),
                                 VaListForward{Format->getFunctionScopeIndex(),
                                               ListParam->getFunctionScopeIndex(),
                                               Forward->second.Client})
                    .second;
      } else if (!ListParam && Caller->isVariadic() &&
                 Format->getFunctionScopeIndex() + 1 == Caller->getNumParams()) {
        // `va_start(ap, fmt); execV(out, fmt, ap);`: the caller's own
        // arguments go to the client.
        FunctionSpec Wrapper;
        Wrapper.Client = Forward->second.Client;
        Wrapper.Form = CallForm::Format;
        Wrapper.FormatArg = Format->getFunctionScopeIndex();
        Wrapper.Names.push_back(Caller->getQualifiedNameAsString());
        Grew |= FormatWrappers.try_emplace(Caller->getCanonicalDecl(), std::move(Wrapper)).second;
      }
    }
  }
}

void CommandCollector::reset() {
  VaListForwards.clear();
  Commands.clear();
  HelperCalls.clear();
  FormatWrappers.clear();
  DeclaredCommands.clear();
  DeclaredCalls.clear();
  InnerStreamCalls.clear();
  Extractor.reset();
  Enclosing.reset();
  Strings.reset();
  Context = nullptr;
}

} // namespace locklint::model
