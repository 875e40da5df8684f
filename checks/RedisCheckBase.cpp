//===--- RedisCheckBase.cpp - shared plumbing of the Redis checks ---------===//

#include "RedisCheckBase.h"
#include "model/CommandExtractor.h"
#include "model/CommandSummaries.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {

/// Whole words of a key that mark it as a lock, unless configured otherwise.
static constexpr llvm::StringLiteral DefaultLockKeyPattern =
    "^(lock|locks|mutex|mutexes|leader|semaphore|semaphores)$";

RedisCheckBase::RedisCheckBase(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      LockKeyPattern(Options.getLocalOrGlobal("LockKeyPattern", DefaultLockKeyPattern)),
      ModelFiles(Options.getLocalOrGlobal("RedisModelFiles", "")), KeyWords(LockKeyPattern) {
  std::string Error;
  if (!KeyWords.isValid(Error))
    configurationDiag("invalid LockKeyPattern '%0': %1") << LockKeyPattern << Error;
  auto Loaded = loadClientModel(ModelFiles);
  if (!Loaded) {
    configurationDiag("%0") << llvm::toString(Loaded.takeError());
    return;
  }
  Model = std::move(*Loaded);
}

void RedisCheckBase::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "LockKeyPattern", LockKeyPattern);
  Options.store(Opts, "RedisModelFiles", ModelFiles);
}

void RedisCheckBase::registerMatchers(MatchFinder *Finder) {
  if (!Model)
    return;
  std::vector<std::string> Names = Model->names();
  std::vector<StringRef> NameRefs(Names.begin(), Names.end());
  Finder->addMatcher(callExpr(callee(functionDecl(hasAnyName(NameRefs)))).bind("call"), this);
  // Calls of the program's own functions, which may wrap the client. The
  // callee may be declared here and defined further down: its body is looked
  // up once the whole translation unit is read.
  Finder->addMatcher(callExpr(callee(functionDecl(unless(isExpansionInSystemHeader()),
                                                  unless(hasAnyName(NameRefs)))),
                              unless(isExpansionInSystemHeader()))
                         .bind("helper-call"),
                     this);
  registerMoreMatchers(Finder);
}

void RedisCheckBase::check(const MatchFinder::MatchResult &Result) {
  if (!Model)
    return;
  Context = Result.Context;
  if (const auto *Helper = Result.Nodes.getNodeAs<CallExpr>("helper-call")) {
    if (!Helper->containsErrors() && helperDefinition(Helper))
      HelperCalls.push_back({Helper, enclosingFunction(Helper, *Context)});
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call) {
    checkMore(Result);
    return;
  }
  const SourceManager &SM = *Result.SourceManager;
  // Calls in system headers, or in macros that a system header defines, are
  // not the user's to change.
  SourceLocation Loc = Call->getBeginLoc();
  if (Call->containsErrors() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
      SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    return;
  CommandExtractor Extractor(*Model, *Context, strings());
  std::optional<RedisCommand> Command = Extractor.extract(Call);
  if (!Command) {
    const FunctionDecl *Function = enclosingFunction(Call, *Context);
    if (auto Wrapped = Extractor.extractWrapped(Call, Function))
      Commands.push_back(std::move(*Wrapped));
    else if (auto Spec = Extractor.formatWrapperSpec(Call, Function))
      FormatWrappers.try_emplace(Function->getCanonicalDecl(), std::move(*Spec));
    return;
  }
  if (Command->Spec->Form == CallForm::Stream) {
    for (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call->getArg(0)->IgnoreParenImpCasts()); Op;
         Op = dyn_cast<CXXOperatorCallExpr>(Op->getArg(0)->IgnoreParenImpCasts()))
      InnerStreamCalls.insert(Op);
  }
  Command->Function = enclosingFunction(Call, *Context);
  readScript(*Command);
  Commands.push_back(std::move(*Command));
}

void RedisCheckBase::onEndOfTranslationUnit() {
  if (Context) {
    llvm::erase_if(Commands, [&](const RedisCommand &Command) {
      return InnerStreamCalls.contains(Command.Call);
    });
    CommandExtractor Extractor(*Model, *Context, strings());
    // Calls of the program's format functions are client calls.
    for (const HelperCall &Call : HelperCalls) {
      const FunctionDecl *Callee = helperDefinition(Call.Call);
      auto Wrapper = Callee ? FormatWrappers.find(Callee->getCanonicalDecl()) : FormatWrappers.end();
      if (Wrapper == FormatWrappers.end())
        continue;
      if (std::optional<RedisCommand> Command = Extractor.extractAs(Wrapper->second, Call.Call)) {
        Command->Function = Call.Caller;
        Commands.push_back(std::move(*Command));
      }
    }
    CommandSummaries Summaries(*Context, strings(), Extractor);
    LockIndex Index(Summaries.expand(std::move(Commands), HelperCalls), KeyWords, *Context);
    checkTranslationUnit(Index);
  }
  Commands.clear();
  HelperCalls.clear();
  FormatWrappers.clear();
  InnerStreamCalls.clear();
  Strings.reset();
  Context = nullptr;
}

void RedisCheckBase::checkTranslationUnit(const LockIndex &Index) {
  for (const RedisCommand *Command : Index.commands())
    if (!Command->Origin)
      placeFindings(*Command, Index);
}

StringValueTracker &RedisCheckBase::strings() {
  if (!Strings)
    Strings = std::make_unique<StringValueTracker>(*Context);
  return *Strings;
}

SourceLocation RedisCheckBase::locationOf(const RedisCommand &Command) {
  return Command.Call->getBeginLoc();
}

/// A command in a helper that serves lock keys is a finding where the
/// evidence is complete: in the helper when the command is wrong there on its
/// own or every call of the helper makes it wrong; else at each call that
/// does, with notes down to the command in the helper.
void RedisCheckBase::placeFindings(const RedisCommand &Command, const LockIndex &Index) {
  if (isFinding(Command, Index)) {
    report(Command, Index);
    return;
  }
  llvm::ArrayRef<const RedisCommand *> Instances = Index.instancesOf(Command);
  if (Instances.empty())
    return;
  // A wrapper that sends the text it is given has no command of its own to
  // report; its callers do.
  bool HasCommand = !Command.TextParameter;
  if (HasCommand && llvm::all_of(Instances, [&](const RedisCommand *Instance) {
        return isFinding(*Instance, Index);
      })) {
    report(Command, Index);
    diag(locationOf(*Instances.front()),
         "'%0' is called only with lock keys, as here", DiagnosticIDs::Note)
        << describeFunction(Command.Function);
    return;
  }
  for (const RedisCommand *Instance : Instances)
    placeFindings(*Instance, Index);
}

void RedisCheckBase::report(const RedisCommand &Command, const LockIndex &Index) {
  reportFinding(Command, Index);
  for (const RedisCommand *Inner = Command.Origin; Inner; Inner = Inner->Origin) {
    if (Inner->Origin)
      diag(locationOf(*Inner), "which calls '%0' here", DiagnosticIDs::Note)
          << describeFunction(helperDefinition(Inner->Call));
    else
      diag(locationOf(*Inner), "'%0' is issued here, in '%1'", DiagnosticIDs::Note)
          << Command.Name << describeFunction(Inner->Function);
  }
}

std::string RedisCheckBase::describeFunction(const FunctionDecl *Function) {
  if (!Function)
    return "?";
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->getParent()->isLambda()) {
    const auto *Outer = dyn_cast_or_null<FunctionDecl>(Method->getParent()->getDeclContext());
    return "the lambda in " + (Outer ? Outer->getQualifiedNameAsString() : std::string("?"));
  }
  return Function->getQualifiedNameAsString();
}

} // namespace clang::tidy::distlock
