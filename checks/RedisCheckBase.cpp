//===--- RedisCheckBase.cpp - shared plumbing of the Redis checks ---------===//

#include "RedisCheckBase.h"
#include "model/project/ModelFiles.h"
#include "model/values/ExprText.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/CommandSummaries.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {

/// Whole words of a key that mark it as a lock, unless configured otherwise.
static constexpr llvm::StringLiteral DefaultLockKeyPattern =
    "^(lock|locks|mutex|mutexes|leader|semaphore|semaphores)$";

/// The same for every check: which acquire options the enabled checks ask
/// for, and the expiry check's configured DefaultTtlMs.
/// The binding of the one match each unit gives, so that check() sees it.
static constexpr llvm::StringLiteral UnitId = "unit";

static AcquireFixPolicy acquireFixPolicy(ClangTidyContext *Context) {
  constexpr llvm::StringLiteral Expiry = "distlock-redis-set-without-expiry";
  AcquireFixPolicy Policy;
  Policy.AddNx = Context->isCheckEnabled("distlock-redis-set-without-nx");
  Policy.AddExpiry = Context->isCheckEnabled(Expiry);
  const ClangTidyOptions::OptionMap &Options = Context->getOptions().CheckOptions;
  auto It = Options.find((Expiry + ".DefaultTtlMs").str());
  // A value that is no positive number never reaches a fix-it: the expiry
  // check says it is wrong, and every fix keeps the default.
  unsigned Milliseconds = 0;
  if (It != Options.end() && !StringRef(It->second.Value).getAsInteger(10, Milliseconds) &&
      Milliseconds > 0)
    Policy.TtlMs = It->second.Value;
  return Policy;
}

RedisCheckBase::RedisCheckBase(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      LockKeyPattern(Options.getLocalOrGlobal("LockKeyPattern", DefaultLockKeyPattern)),
      AcquireFixes(acquireFixPolicy(Context)),
      ModelFiles(modelFilesOption("RedisModelFiles")),
      SqlModelFiles(modelFilesOption("SqlClientModelFiles")),
      Reading(UnitReading::shareFor(Context, readingOptions())) {
  for (const std::string &Error : Reading->errors())
    configurationDiag("%0") << Error;
}

void RedisCheckBase::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "LockKeyPattern", LockKeyPattern);
  Options.store(Opts, "RedisModelFiles", ModelFiles);
  Options.store(Opts, "SqlClientModelFiles", SqlModelFiles);
}

void RedisCheckBase::registerMatchers(MatchFinder *Finder) {
  if (!Reading->usable())
    return;
  // Every unit, even one whose only lock calls are matched by another
  // collector (ZooKeeper, SQL, etcd), needs its context at the end.
  Finder->addMatcher(ast_matchers::translationUnitDecl().bind(UnitId), this);
  Reading->registerMatchers(*Finder, this);
  registerMoreMatchers(Finder);
}

void RedisCheckBase::check(const MatchFinder::MatchResult &Result) {
  if (!Reading->usable())
    return;
  Context = Result.Context;
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>(UnitId))
    return;
  if (!Reading->collect(Result, this))
    checkMore(Result);
}

void RedisCheckBase::onEndOfTranslationUnit() {
  // A unit with no client call still has lock scopes of other kinds.
  if (Reading->usable() && Context)
    checkTranslationUnit(Reading->index(*Context));
  unitFinished();
  Reading->finishedBy(this);
  OwnStrings.reset();
  Context = nullptr;
}

void RedisCheckBase::checkTranslationUnit(const LockIndex &Index) {
  for (const RedisCommand *Command : Index.commands())
    if (!Command->Origin)
      placeFindings(*Command, Index);
}

StringValueTracker &RedisCheckBase::strings() {
  CommandCollector *Collector = Reading->collector();
  if (StringValueTracker *Shared = Collector ? Collector->strings() : nullptr)
    return *Shared;
  if (!OwnStrings)
    OwnStrings = std::make_unique<StringValueTracker>(*Context);
  return *OwnStrings;
}

llvm::ArrayRef<HelperCall> RedisCheckBase::helperCalls() const {
  CommandCollector *Collector = Reading->collector();
  return Collector ? Collector->helperCalls() : llvm::ArrayRef<HelperCall>();
}

std::string RedisCheckBase::modelFilesOption(StringRef Name) const {
  return locklint::model::anchorToConfigFolders(Options.getLocalOrGlobal(Name, ""),
                                                getCurrentMainFile());
}

SourceLocation RedisCheckBase::locationOf(const RedisCommand &Command) {
  return Command.Call->getBeginLoc();
}

DiagnosticBuilder RedisCheckBase::diagAt(const Stmt *Reported, StringRef Message,
                                         DiagnosticIDs::Level Level) {
  DiagnosticBuilder Builder = diag(Reported->getBeginLoc(), Message, Level);
  // A range through macro expansions would mark the macro's definition.
  SourceRange Range = Reported->getSourceRange();
  if (Range.getBegin().isFileID() && Range.getEnd().isFileID())
    Builder << Range;
  return Builder;
}

/// True when \p Command's key is a parameter of its function, passed as is.
static bool keyFromCaller(const RedisCommand &Command) {
  const Expr *Sole = Command.Args.empty() ? nullptr : Command.Args[0].soleExpression();
  return Sole && Command.Function && parameterOf(Sole, Command.Function);
}

/// A command in a helper that serves lock keys is a finding where the
/// evidence is complete: in the helper when the command is wrong there on its
/// own or every call of the helper makes it wrong (and the helper builds
/// the key itself); else at each call that does, with notes down to the
/// command in the helper.
void RedisCheckBase::placeFindings(const RedisCommand &Command, const LockIndex &Index) {
  if (isFinding(Command, Index)) {
    report(Command, Index);
    return;
  }
  llvm::ArrayRef<const RedisCommand *> Instances = Index.instancesOf(Command);
  if (Instances.empty())
    return;
  // A wrapper that sends the text it is given has no command of its own to
  // report, and one that is handed its key serves whatever its callers
  // pass: the lock is the caller's, and so is the finding.
  bool HasCommand = !Command.TextParameter && !keyFromCaller(Command);
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
  const RedisCommand *Innermost = &Command;
  for (const RedisCommand *Inner = Command.Origin; Inner; Inner = Inner->Origin) {
    Innermost = Inner;
    if (Inner->Origin)
      diag(locationOf(*Inner), "which calls '%0' here", DiagnosticIDs::Note)
          << describeFunction(helperDefinition(Inner->Call));
    else
      diag(locationOf(*Inner), "'%0' is issued here, in '%1'", DiagnosticIDs::Note)
          << Command.Name << describeFunction(Inner->Function);
  }
  // A wrapper that another translation unit defines: its call is there,
  // each of its commands' own.
  if (const FunctionSpec *Spec = Innermost->Spec) {
    unsigned Step = Innermost->SpecStep;
    const std::string &At = Step == 0                         ? Spec->IssuedAt
                            : Step <= Spec->ThenIssuedAt.size() ? Spec->ThenIssuedAt[Step - 1]
                                                                : std::string();
    if (SourceLocation Issued = At.empty() ? SourceLocation() : locationIn(At); Issued.isValid())
      diag(Issued, "'%0' is issued here, in '%1'", DiagnosticIDs::Note)
          << Command.Name << Spec->Names.front();
  }
  // Read from a declaration alone: say so, where the user can check it.
  if (const FunctionSpec *Spec = Innermost->Spec; Spec && !Spec->DeclaredAt.empty())
    if (SourceLocation Declared = locationIn(Spec->DeclaredAt); Declared.isValid())
      diag(Declared, "read as '%0' from the declaration of '%1': its body is not in this "
                     "translation unit",
           DiagnosticIDs::Note)
          << Innermost->Name << Spec->Names.front();
}

SourceLocation RedisCheckBase::locationIn(StringRef Place) {
  auto [FileAndLine, ColumnText] = Place.rsplit(':');
  auto [File, LineText] = FileAndLine.rsplit(':');
  unsigned Line = 0, Column = 0;
  if (!Context || LineText.getAsInteger(10, Line) || ColumnText.getAsInteger(10, Column))
    return SourceLocation();
  SourceManager &SM = Context->getSourceManager();
  llvm::Expected<FileEntryRef> Entry = SM.getFileManager().getFileRef(File);
  if (!Entry) {
    llvm::consumeError(Entry.takeError());
    return SourceLocation();
  }
  FileID ID = SM.getOrCreateFileID(*Entry, SrcMgr::C_User);
  return SM.translateLineCol(ID, Line, Column);
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
