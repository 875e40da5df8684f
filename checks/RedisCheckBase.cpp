//===--- RedisCheckBase.cpp - shared plumbing of the Redis checks ---------===//

#include "RedisCheckBase.h"
#include "model/CommandExtractor.h"
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
}

void RedisCheckBase::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  assert(Call && "matcher binds 'call'");
  if (!Model)
    return;
  Context = Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  // Calls in system headers, or in macros that a system header defines, are
  // not the user's to change.
  SourceLocation Loc = Call->getBeginLoc();
  if (Call->containsErrors() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
      SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    return;
  if (!Strings)
    Strings = std::make_unique<StringValueTracker>(*Context);
  std::optional<RedisCommand> Command =
      CommandExtractor(*Model, *Context, *Strings).extract(Call);
  if (!Command)
    return;
  if (Command->Spec->Form == CallForm::Stream) {
    for (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call->getArg(0)->IgnoreParenImpCasts()); Op;
         Op = dyn_cast<CXXOperatorCallExpr>(Op->getArg(0)->IgnoreParenImpCasts()))
      InnerStreamCalls.insert(Op);
  }
  Command->Function = enclosingFunction(Call, *Context);
  for (RedisCommand &Inner : Command->ScriptCommands)
    Inner.Function = Command->Function;
  Commands.push_back(std::move(*Command));
}

void RedisCheckBase::onEndOfTranslationUnit() {
  if (Context && !Commands.empty()) {
    llvm::erase_if(Commands, [&](const RedisCommand &Command) {
      return InnerStreamCalls.contains(Command.Call);
    });
    LockIndex Index(std::move(Commands), KeyWords, *Context);
    checkCommands(Index);
  }
  Commands.clear();
  InnerStreamCalls.clear();
  Strings.reset();
  Context = nullptr;
}

SourceLocation RedisCheckBase::locationOf(const RedisCommand &Command) {
  return Command.Call->getBeginLoc();
}

} // namespace clang::tidy::distlock
