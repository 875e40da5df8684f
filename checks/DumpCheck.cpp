//===--- DumpCheck.cpp ----------------------------------------------------===//

#include "DumpCheck.h"
#include "model/scopes/AsyncAnswers.h"
#include "model/scopes/OutcomeTests.h"
#include "model/ast/Parents.h"
#include "llvm/Support/JSON.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "model/redis/DeclaredClients.h"
#include "model/values/ExprText.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {

namespace {

constexpr llvm::StringLiteral AllKinds = "command,key,scope,acquire,wrapper,unknown";

/// Words that make a call with no body worth naming: Redis commands that
/// take, refresh or release a key, and the words of lock operations.
bool speaksOfLocks(StringRef Word) {
  std::string Lower = Word.lower();
  llvm::erase(Lower, '_');
  static const llvm::StringSet<> Commands = {"set",  "setnx",  "setex",   "psetex", "del",
                                             "unlink", "expire", "pexpire", "eval",  "evalsha",
                                             "getset", "getdel"};
  // A C lock handle's functions speak of it by their verb (`nl_acquire(h)`).
  return Commands.contains(Lower) || StringRef(Lower).contains("lock") ||
         StringRef(Lower).contains("acquire");
}

/// The first word of a string literal among \p Call's arguments.
std::optional<std::string> commandWordOf(const CallExpr *Call) {
  for (const Expr *Arg : Call->arguments())
    if (const auto *Literal = dyn_cast<StringLiteral>(Arg->IgnoreParenImpCasts());
        Literal && Literal->getCharByteWidth() == 1) {
      StringRef Text = Literal->getString().ltrim();
      StringRef First = Text.take_until([](char C) { return C == ' ' || C == '%'; });
      if (!First.empty())
        return First.str();
    }
  return std::nullopt;
}

/// The index of the first parameter of \p Callee that takes text.
std::optional<unsigned> firstTextParameter(const FunctionDecl &Callee) {
  for (unsigned I = 0; I < Callee.getNumParams(); ++I)
    if (isTextParameter(Callee.getParamDecl(I)->getType()))
      return I;
  return std::nullopt;
}

/// The argument of \p Call that is a whole lock command's text ("SET
/// lock:%s %s NX", "DEL lock:job"), if one is.
std::optional<unsigned> commandTextArgument(const CallExpr *Call) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (const auto *Literal = dyn_cast<StringLiteral>(stripStringWrappers(Call->getArg(I)));
        Literal && Literal->getCharByteWidth() == 1) {
      StringRef First = Literal->getString().ltrim().take_until(
          [](char C) { return C == ' ' || C == '%'; });
      if (llvm::is_contained({"SET", "SETNX", "DEL", "UNLINK", "EXPIRE", "PEXPIRE", "EVAL",
                              "EVALSHA"},
                             First.upper()))
        return I;
    }
  return std::nullopt;
}

std::string words(const RedisCommand &Command, const LockIndex &Index) {
  std::string Text = Command.Name.empty() ? std::string("<unknown command>") : Command.Name;
  for (const CommandWord &Word : Command.Args)
    Text += " " + Index.keyDisplay(Word);
  return Text;
}

} // namespace

DumpCheck::DumpCheck(StringRef Name, ClangTidyContext *Context)
    : AcquireCheckBase(Name, Context), What(Options.get("What", AllKinds)),
      FunctionName(Options.get("Function", "")) {
  StringRef(What).split(Kinds, ',', -1, /*KeepEmpty=*/false);
  for (StringRef &Kind : Kinds) {
    Kind = Kind.trim();
    if (Kind == "all")
      StringRef(AllKinds).split(Kinds, ',');
  }
}

void DumpCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  AcquireCheckBase::storeOptions(Opts);
  Options.store(Opts, "What", What);
  Options.store(Opts, "Function", FunctionName);
}

void DumpCheck::registerMoreMatchers(MatchFinder *Finder) {
  AcquireCheckBase::registerMoreMatchers(Finder);
  registerLockObjects(Finder);
  // Calls of the program's functions whose bodies are elsewhere. The
  // dispatch runs once the unit is read: a prototype above a definition
  // later in the unit already has a body.
  CallDispatch &Calls = reading()->spelledCalls();
  Calls.add(*Finder, "opaque",
            CallDispatch::outsideSystemHeaders([&Calls](const CallExpr &Call, ASTContext &Context) {
              const FunctionDecl *Callee = Calls.programCallee(Call, Context);
              return Callee && !Callee->hasBody();
            }),
            this);
}

void DumpCheck::checkMore(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (collectLockObject(Result))
    return;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("opaque"))
    Opaque.push_back(Call);
}

bool DumpCheck::wants(StringRef Kind) const { return llvm::is_contained(Kinds, Kind); }

bool DumpCheck::inSelectedFunction(const FunctionDecl *Function) const {
  if (FunctionName.empty())
    return true;
  if (!Function)
    return false;
  return Function->getNameAsString() == FunctionName ||
         Function->getQualifiedNameAsString() == FunctionName;
}

std::string DumpCheck::place(SourceLocation Loc) const {
  const SourceManager &SM = Context->getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "?";
  if (SM.isWrittenInMainFile(SM.getExpansionLoc(Loc)))
    return llvm::formatv("{0}:{1}", P.getLine(), P.getColumn()).str();
  return llvm::formatv("{0}:{1}:{2}", P.getFilename(), P.getLine(), P.getColumn()).str();
}

void DumpCheck::emit(SourceLocation Loc, StringRef Kind, const std::string &Text) {
  diag(Loc, "%0: %1") << Kind << Text;
}

void DumpCheck::dumpCommands(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql) {
  for (const RedisCommand *Command : Index.commands()) {
    // A helper's command is dumped at its calls, where its words are known.
    if (!Index.instancesOf(*Command).empty() || !inSelectedFunction(Command->Function))
      continue;
    std::string Text = "redis " + words(*Command, Index);
    if (Command->Spec && !Command->Spec->Names.empty())
      Text += " (by " + Command->Spec->Names.front() + ")";
    if (Command->InScript)
      Text += Command->ScriptChecksOwner ? " [in a script that checks the owner]" : " [in a script]";
    if (!Command->UnknownOptions.empty()) {
      std::vector<std::string> Unknown(Command->UnknownOptions.begin(),
                                       Command->UnknownOptions.end());
      Text += " [options known only at run time: " + llvm::join(Unknown, ", ") + "]";
    }
    emit(Command->Call->getBeginLoc(), "command", Text);
  }
  for (const SqlExecution &E : Sql) {
    if (!inSelectedFunction(E.Function))
      continue;
    std::string Text = "sql";
    if (E.Statements.empty())
      Text += " <text unknown or not parsed>";
    for (const SqlStatement &S : E.Statements)
      for (const SqlStatement::AdvisoryCall &Lock : S.AdvisoryCalls)
        Text += " " + Lock.Function + "(" + Lock.Key + (Lock.Timeout.empty() ? "" : ", " + Lock.Timeout) + ")";
    for (const SqlStatement &S : E.Statements) {
      if (!S.TablesWritten.empty())
        Text += " writes " + llvm::join(S.TablesWritten, ",");
      if (!S.TablesRead.empty())
        Text += " reads " + llvm::join(S.TablesRead, ",");
    }
    if (!E.Connection.empty())
      Text += " on " + E.Connection;
    emit(E.Call->getBeginLoc(), "command", Text);
  }
  for (const ZooCall &Call : acquireCalls().zooKeeper().calls()) {
    if (!inSelectedFunction(Call.Function))
      continue;
    const FunctionDecl *Callee = Call.Call->getDirectCallee();
    std::string Text = "zookeeper " + (Callee ? Callee->getNameAsString() : std::string("?")) + " " +
                       (Call.PathPattern.empty() ? std::string("<path unknown>") : Call.PathPattern);
    if (Call.Version)
      Text += " version " + std::to_string(*Call.Version);
    emit(Call.Call->getBeginLoc(), "command", Text);
  }
  for (const EtcdCall &Call : acquireCalls().etcd()) {
    if (!inSelectedFunction(Call.Function))
      continue;
    const CXXMethodDecl *Method = Call.Call->getMethodDecl();
    std::string Text = "etcd " + (Method ? Method->getNameAsString() : std::string("?"));
    // Calls about the client or a lease name no key.
    if (Call.Spec && Call.Spec->KeyArg)
      Text += " " + (Call.Key.empty() ? std::string("<key unknown>") : Call.Key);
    // The client as written: its identity is an address, not for people.
    if (const Expr *Client = Call.Call->getImplicitObjectArgument(); Client && !Call.Client.empty()) {
      Client = Client->IgnoreParenImpCasts();
      if (const auto *Arrow = dyn_cast<CXXOperatorCallExpr>(Client);
          Arrow && Arrow->getOperator() == OO_Arrow && Arrow->getNumArgs() > 0)
        Client = Arrow->getArg(0);
      Text += " on " + sourceText(Client, *Context) + (Call.ClientBuiltHere ? " (built here)" : "");
    }
    emit(Call.Call->getBeginLoc(), "command", Text);
  }
}

void DumpCheck::dumpKeys(const LockIndex &Index) {
  llvm::StringSet<> Seen;
  for (const RedisCommand *Command : Index.commands()) {
    // A script's keys are its own commands' first words.
    if (Command->Args.empty() || Command->is("EVAL") || Command->is("EVALSHA") ||
        !Index.instancesOf(*Command).empty() || !inSelectedFunction(Command->Function))
      continue;
    std::string Id = Index.keyIdentity(Command->Args[0]);
    std::string Display = Index.keyDisplay(Command->Args[0]);
    if (Id.empty()) {
      emit(Command->Call->getBeginLoc(), "key",
           Display + ": value unknown (" + Command->Name + "), so no lock key");
      continue;
    }
    if (!Seen.insert(Id).second)
      continue;
    std::vector<std::string> Uses;
    for (const RedisCommand *Other : Index.commands())
      if (!Other->Args.empty() && Index.instancesOf(*Other).empty() &&
          Index.keyIdentity(Other->Args[0]) == Id)
        Uses.push_back(Other->Name + " at " + place(Other->Call->getBeginLoc()));
    emit(Command->Call->getBeginLoc(), "key",
         Display + (Index.isLockKey(*Command) ? ": a lock key" : ": data, not a lock key") +
             "; " + llvm::join(Uses, ", "));
  }
}

void DumpCheck::dumpScopes(llvm::ArrayRef<DistributedLockScope> Scopes) {
  for (const DistributedLockScope &Scope : Scopes) {
    if (!inSelectedFunction(Scope.Function))
      continue;
    std::string Kind = Scope.Advisory                                   ? "server lock"
                       : Scope.Service != CoordinationService::None ? serviceName(Scope.Service).str() + " lock"
                                                                        : "redis lock";
    std::string Text = Kind + " " + (Scope.Key.empty() ? std::string("<key unknown>") : Scope.Key) +
                       " held from " + place(Scope.Begin) + " to " + place(Scope.End) +
                       ", acquired at " + place(Scope.Acquired);
    if (!Scope.Ttl.empty())
      Text += ", ttl " + Scope.Ttl;
    if (Scope.FenceTaken.isValid())
      Text += ", fence taken at " + place(Scope.FenceTaken);
    emit(Scope.Begin, "scope", Text);
  }
}

void DumpCheck::dumpAcquires(const AcquireSiteReading &Read, const LockIndex &Index) {
  for (const AcquireSite &Site : Read.Sites) {
    if (!inSelectedFunction(Site.Function))
      continue;
    std::string What = Site.Command ? words(*Site.Command, Index)
                       : Site.SqlLock ? Site.SqlLock->Function + "(" + Site.SqlLock->Key + ")"
                       : !Site.KeyText.empty() ? Site.KeyText
                                               : sourceText(Site.Call, *Context);
    std::string Text = What;
    const RedisCommand *Command = Site.Command;
    if (Command && Command->Call == Site.Call && Command->Spec && Command->Spec->AnswerCallback) {
      // An asynchronous take: its value says only that it was queued.
      const Expr *Callback = Command->Callback;
      const FunctionDecl *Named = Callback ? callbackNamed(Callback) : nullptr;
      if (Named)
        Text += llvm::formatv("; answers in callback '{0}', whose parameter {1} is the reply",
                              Named->getName(), Command->Spec->AnswerCallback->ReplyParam + 1)
                    .str();
      else if (Callback && Callback->IgnoreParenCasts()->isNullPointerConstant(
                               *Context, Expr::NPC_ValueDependentIsNotNull))
        Text += "; queued with no callback: the answer is never read";
      else if (Callback && isa<ParmVarDecl>(Callback->IgnoreParenCasts()->getReferencedDeclOfCallee()))
        Text += "; answers in the callback its caller hands in";
      else
        Text += "; answers in a callback this unit does not define";
      emit(Site.Call->getBeginLoc(), "acquire", Text);
      continue;
    }
    if (std::optional<AcquireTest> Test = testOfAcquire(Site, Index, Read); Test && Test->Switch)
      Text += llvm::formatv("; outcome tested at {0} by a switch, held in {1} of its {2} cases",
                            place(Test->Switch->getBeginLoc()), Test->Cases->Held.size(),
                            Test->Cases->Held.size() + Test->Cases->NotHeld.size())
                  .str();
    else if (Test && Test->SomeFailuresOnly)
      Text += llvm::formatv("; outcome tested at {0}, whose {1} branch lets some failures through "
                            "with the success",
                            place(Test->Test->getBeginLoc()), Test->Positive ? "true" : "false")
                  .str();
    else if (Test)
      Text += llvm::formatv("; outcome tested at {0}, held on its {1} branch",
                            place(Test->Test->getBeginLoc()), Test->Positive ? "true" : "false")
                  .str();
    else if (Site.AnswerUnread)
      Text += "; the server's answer is never fetched";
    else
      Text += "; outcome not tested by an if (dropped, returned, or read another way)";
    auto Values = [](llvm::ArrayRef<int64_t> Answers) {
      return llvm::join(llvm::map_range(Answers,
                                        [](int64_t V) {
                                          return V == RangeTop ? std::string("more")
                                                               : std::to_string(V);
                                        }),
                        " or ");
    };
    if (!Site.Successes.empty())
      Text += "; success is " + Values(Site.Successes) + ", failure " + Values(Site.Failures);
    if (Site.HoldsOnReturn)
      Text += "; returns only holding the lock";
    emit(Site.Call->getBeginLoc(), "acquire", Text);
  }
}

void DumpCheck::dumpWrappers(const LockIndex &Index) {
  for (const RedisCommand *Command : Index.commands()) {
    if (!Command->Origin || !inSelectedFunction(Command->Function))
      continue;
    std::string Chain;
    for (const RedisCommand *Inner = Command->Origin; Inner; Inner = Inner->Origin)
      Chain += " -> " + describeFunction(Inner->Function) + " (" + place(Inner->Call->getBeginLoc()) + ")";
    emit(Command->Call->getBeginLoc(), "wrapper",
         "issues " + words(*Command, Index) + " through" + Chain);
  }
}

void DumpCheck::dumpUnknown(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql) {
  llvm::DenseSet<const Expr *> Read;
  for (const RedisCommand *Command : Index.commands())
    Read.insert(Command->Call);
  for (const SqlExecution &E : Sql)
    Read.insert(E.Call);
  for (const ZooCall &Call : acquireCalls().zooKeeper().calls())
    Read.insert(Call.Call);
  for (const EtcdCall &Call : acquireCalls().etcd())
    Read.insert(Call.Call);
  for (const RedisCommand *Command : Index.commands())
    if (Command->Name.empty() && inSelectedFunction(Command->Function))
      emit(Command->Call->getBeginLoc(), "unknown",
           "a client call whose command text is not known here");
  llvm::DenseSet<const CallExpr *> Done;
  for (const CallExpr *Call : Opaque) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Read.contains(Call) || !Done.insert(Call).second)
      continue;
    std::optional<std::string> Word = commandWordOf(Call);
    bool Named = Callee->getDeclName().isIdentifier() && speaksOfLocks(Callee->getName());
    if (!Named && !(Word && speaksOfLocks(*Word)))
      continue;
    const FunctionDecl *Caller = nullptr;
    for (DynTypedNodeList Parents = parentsOf(*Call, *Context); !Parents.empty();
         Parents = parentsOf(Parents[0], *Context)) {
      if ((Caller = Parents[0].get<FunctionDecl>()))
        break;
    }
    if (!inSelectedFunction(Caller))
      continue;
    std::string Text = "call of " + Callee->getQualifiedNameAsString() +
                       ": only its declaration is in this unit (" +
                       place(Callee->getLocation()) + "), so what it sends is not read";
    if (Word)
      Text += "; its text starts '" + *Word + "'";
    emit(Call->getBeginLoc(), "unknown", Text);
  }
}

void DumpCheck::dumpSuggestions(const LockIndex &Index) {
  llvm::DenseSet<const Expr *> Read;
  for (const RedisCommand *Command : Index.commands())
    Read.insert(Command->Call);
  llvm::DenseSet<const FunctionDecl *> Done;
  for (const CallExpr *Call : Opaque) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Read.contains(Call) ||
        !Done.insert(Callee->getCanonicalDecl()).second)
      continue;
    // A complete command text handed to it: a function that sends it.
    llvm::json::Object Draft;
    std::optional<unsigned> Text = commandTextArgument(Call);
    std::string Name = Callee->getName().lower();
    bool Releases = StringRef(Name).contains("unlock") || StringRef(Name).contains("release");
    if (Text && *Text < Callee->getNumParams()) {
      Draft = llvm::json::Object{
          {"model", "redis"},
          {"entry", llvm::json::Object{{"names", llvm::json::Array{
                                                     Callee->getQualifiedNameAsString()}},
                                       {"form", "format"},
                                       {"format_arg", *Text},
                                       {"param_count", Callee->getNumParams()}}}};
    } else if (speaksOfLocks(Callee->getName()) && !Releases) {
      // Named as a lock's acquire: a lock API whose key is its first text.
      std::optional<unsigned> Key = firstTextParameter(*Callee);
      if (!Key)
        continue;
      Draft = llvm::json::Object{
          {"model", "lock_api"},
          {"entry", llvm::json::Object{{"names", llvm::json::Array{
                                                     Callee->getQualifiedNameAsString()}},
                                       {"key_arg", *Key}}}};
    } else {
      continue;
    }
    Draft["declared_at"] = place(Callee->getLocation());
    std::string Line;
    llvm::raw_string_ostream(Line) << llvm::json::Value(std::move(Draft));
    emit(Call->getBeginLoc(), "suggest", Line);
  }
}

void DumpCheck::checkTranslationUnit(const LockIndex &Index) {
  Context = &Index.context();
  const std::vector<SqlExecution> &Sql = sqlExecutions(*Context);
  // Reads the unit's ZooKeeper and etcd calls too, which dumpUnknown() needs.
  (void)lockApiCalls(*Context);
  if (wants("command"))
    dumpCommands(Index, Sql);
  if (wants("key"))
    dumpKeys(Index);
  llvm::ArrayRef<const VarDecl *> Objects = lockObjects();
  if (wants("scope"))
    dumpScopes(
        findDistributedLockScopes(Index, acquireSiteReading(Index), Objects, lockGuards(Index)));
  if (wants("acquire"))
    dumpAcquires(acquireSiteReading(Index), Index);
  if (wants("wrapper"))
    dumpWrappers(Index);
  if (wants("unknown"))
    dumpUnknown(Index, Sql);
  if (wants("suggest"))
    dumpSuggestions(Index);
  Opaque.clear();
}

} // namespace clang::tidy::distlock
