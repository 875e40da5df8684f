//===--- LocalMutexCrossProcessCheck.cpp ----------------------------------===//

#include "LocalMutexCrossProcessCheck.h"
#include "model/matching/NameSet.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/CommandSummaries.h"
#include "model/redis/RedisCommandKinds.h"
#include "model/scopes/ScopeAccesses.h"
#include "model/values/SourceOrder.h"
#include "model/zookeeper/ZooKeeperCalls.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// A read and a later write of one piece of shared state.
struct ReadModifyWrite {
  SourceLocation Read, Write;
  std::string What;
};

/// True for a write that happens only when the key is absent (SET NX,
/// SETNX, HSETNX, MSETNX): the server decides, so of two processes that
/// read the same old value only one writes. No update is lost.
bool writesOnlyIfAbsent(const RedisCommand &Command) {
  return LockIndex::isAcquire(Command) || Command.is("HSETNX") || Command.is("MSETNX");
}

/// The first Redis read-modify-write among \p Accesses. WATCH (then
/// MULTI/EXEC) and Lua scripts make it atomic.
std::optional<ReadModifyWrite> redisRace(llvm::ArrayRef<Access> Accesses, const LockIndex &Index) {
  if (llvm::any_of(Accesses, [](const Access &A) { return A.Command && A.Command->is("WATCH"); }))
    return std::nullopt;
  for (size_t I = 0; I < Accesses.size(); ++I) {
    const RedisCommand *Read = Accesses[I].Command;
    // Commands of a Lua script run atomically: neither half of a race.
    if (!Read || Read->InScript || !readsKey(*Read))
      continue;
    std::string Key = Index.keyIdentity(Read->Args[0]);
    if (Key.empty())
      continue;
    for (size_t J = I + 1; J < Accesses.size(); ++J) {
      const RedisCommand *Write = Accesses[J].Command;
      if (Write && !Write->InScript && writesKey(*Write) && !writesOnlyIfAbsent(*Write) &&
          Index.keyIdentity(Write->Args[0]) == Key)
        return ReadModifyWrite{Accesses[I].At, Accesses[J].At,
                               "Redis key '" + Index.keyDisplay(Read->Args[0]) + "'"};
    }
  }
  return std::nullopt;
}

/// The first SQL read-modify-write among \p Accesses: a SELECT of a table,
/// then a change of it on the same connection, with no row lock taken.
std::optional<ReadModifyWrite> sqlRace(llvm::ArrayRef<Access> Accesses) {
  for (size_t I = 0; I < Accesses.size(); ++I) {
    if (!Accesses[I].Sql)
      continue;
    for (const SqlStatement &Read : Accesses[I].Sql->Statements) {
      if (Read.StatementKind != SqlStatement::Select || Read.LocksRows)
        continue;
      for (const std::string &Table : Read.TablesRead)
        for (size_t J = I + 1; J < Accesses.size(); ++J) {
          const SqlExecution *Write = Accesses[J].Sql;
          if (!Write || Accesses[J].Connection != Accesses[I].Connection)
            continue;
          for (const SqlStatement &Statement : Write->Statements)
            if (Statement.writes(Table))
              return ReadModifyWrite{Accesses[I].At, Accesses[J].At, "table '" + Table + "'"};
        }
    }
  }
  return std::nullopt;
}

/// The first read-modify-write of a ZooKeeper node or an etcd key by calls
/// for which \p InScope holds: a read (zoo_get, get) and a later
/// unconditional write of the same node or key. zoo_set with the version
/// the read returned, and etcd's modify_if, compare and swap: not races.
std::optional<ReadModifyWrite> serviceRace(const ZooKeeperCalls &Zoo,
                                           llvm::ArrayRef<EtcdCall> Etcd,
                                           llvm::function_ref<bool(const Expr *)> InScope,
                                           const SourceManager &SM) {
  auto Before = [&](const Expr *A, const Expr *B) {
    return isBefore(SM, SM.getExpansionLoc(A->getBeginLoc()), SM.getExpansionLoc(B->getBeginLoc()));
  };
  for (const ZooCall &Read : Zoo.calls())
    if (Read.is(ZooFunction::Read) && !Read.PathPattern.empty() && InScope(Read.Call))
      for (const ZooCall &Write : Zoo.calls())
        if (Write.is(ZooFunction::Write) && Write.Version == -1 && Write.sameNode(Read) &&
            InScope(Write.Call) && Before(Read.Call, Write.Call))
          return ReadModifyWrite{Read.Call->getBeginLoc(), Write.Call->getBeginLoc(),
                                 "ZooKeeper node '" + Read.PathPattern + "'"};
  // etcd keys are compared by text: only keys known whole.
  for (const EtcdCall &Read : Etcd)
    if (Read.is(EtcdMethod::Read) && !Read.Key.empty() &&
        Read.Key.find("{}") == std::string::npos && InScope(Read.Call))
      for (const EtcdCall &Write : Etcd)
        if (Write.is(EtcdMethod::Write) && Write.Key == Read.Key && InScope(Write.Call) &&
            Before(Read.Call, Write.Call))
          return ReadModifyWrite{Read.Call->getBeginLoc(), Write.Call->getBeginLoc(),
                                 "etcd key '" + Read.Key + "'"};
  return std::nullopt;
}

/// The definition of lock() of the object \p Guard is built over, when the
/// unit has it; null otherwise.
const FunctionDecl *heldLockMethod(const VarDecl *Guard) {
  const Expr *Init = Guard->getInit() ? Guard->getInit()->IgnoreImplicit() : nullptr;
  if (const auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(Init))
    Init = Cast->getSubExpr()->IgnoreImplicit();
  const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  const CXXRecordDecl *Held = Construct && Construct->getNumArgs() > 0
                                  ? Construct->getArg(0)->getType()->getAsCXXRecordDecl()
                                  : nullptr;
  if (!Held)
    return nullptr;
  for (const CXXMethodDecl *Method : Held->methods())
    if (Method->getIdentifier() && Method->getName() == "lock")
      if (const FunctionDecl *Definition = Method->getDefinition())
        return Definition;
  return nullptr;
}

} // namespace

LocalMutexCrossProcessCheck::LocalMutexCrossProcessCheck(StringRef Name,
                                                         ClangTidyContext *Context)
    : RedisCheckBase(Name, Context),
      LocalLockModelFiles(modelFilesOption("LocalLockModelFiles")),
      Locks(builtinLocalLocks()),
      Services(AcquireReading::shareServiceCallsFor(Context, readingOptions(), reading())) {
  if (auto Err = addLocalLockFiles(Locks, LocalLockModelFiles))
    configurationDiag("%0") << llvm::toString(std::move(Err));
}

void LocalMutexCrossProcessCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RedisCheckBase::storeOptions(Opts);
  Options.store(Opts, "LocalLockModelFiles", LocalLockModelFiles);
}

void LocalMutexCrossProcessCheck::registerMoreMatchers(MatchFinder *Finder) {
  std::vector<std::string> Guards = LocalLockScopes::guardNames(Locks);
  std::vector<std::string> Methods = LocalLockScopes::methodNames(Locks);
  std::vector<std::string> Functions = LocalLockScopes::functionNames(Locks);
  Finder->addMatcher(
      varDecl(hasType(hasUnqualifiedDesugaredType(
                  recordType(hasDeclaration(cxxRecordDecl(hasNameIn(Guards)))))),
              unless(isExpansionInSystemHeader()))
          .bind("guard"),
      this);
  CallDispatch &Calls = reading()->spelledCalls();
  Calls.add(*Finder, "lock-call",
            CallDispatch::outsideSystemHeaders(
                Calls.callsMethodOf(nullptr, std::make_shared<const NameSet>(Methods))),
            this);
  Calls.add(*Finder, "lock-call",
            CallDispatch::outsideSystemHeaders(
                Calls.callsOneOf(std::make_shared<const NameSet>(Functions))),
            this);
  Services->registerMatchers(*Finder);
}

void LocalMutexCrossProcessCheck::checkMore(const MatchFinder::MatchResult &Result) {
  if (const auto *Guard = Result.Nodes.getNodeAs<VarDecl>("guard"))
    Guards.push_back(Guard);
  else if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("lock-call"))
    LockCalls.push_back(Call);
}

void LocalMutexCrossProcessCheck::unitFinished() { Services->finishedBy(this); }

void LocalMutexCrossProcessCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  const std::vector<SqlExecution> &Executions = Services->sql(Context, strings(), helperCalls());
  AcquireReading::ServiceCalls Seen = Services->serviceCalls(Context, strings());
  const ZooKeeperCalls &Zoo = Seen.ZooKeeper;
  llvm::ArrayRef<EtcdCall> EtcdSeen = Seen.Etcd;
  // A guard over a class of the program whose lock() talks to a lock
  // service holds a distributed lock, not a mutex of this process.
  llvm::DenseSet<const FunctionDecl *> TalksToServices;
  for (const RedisCommand *Command : Index.commands())
    TalksToServices.insert(Command->Function);
  for (const ZooCall &Call : Zoo.calls())
    TalksToServices.insert(Call.Function);
  for (const EtcdCall &Call : EtcdSeen)
    TalksToServices.insert(Call.Function);
  for (const SqlExecution &Execution : Executions)
    TalksToServices.insert(Execution.Function);
  TalksToServices.erase(nullptr);
  // And so do the functions that call those, a few levels up.
  climbToCallers(helperCalls(), 4, [&](const HelperCall &Call, const FunctionDecl *Callee) {
    return TalksToServices.contains(Callee) && TalksToServices.insert(Call.Caller).second;
  });
  LocalLockScopes Scopes(Locks, Context);
  for (const VarDecl *Guard : Guards)
    if (!TalksToServices.contains(heldLockMethod(Guard)))
      Scopes.addGuard(Guard);
  for (const CallExpr *Call : LockCalls)
    Scopes.addCall(Call);
  Guards.clear();
  LockCalls.clear();

  ScopeAccesses Sections(Index, Executions, helperCalls());
  for (const LocalLockScope &Scope : Scopes.finish()) {
    std::vector<Access> Accesses = Sections.of(Scope.Function, Scope.Begin, Scope.End,
                                               [&](SourceLocation Loc) {
      return Scope.contains(Loc, Context.getSourceManager());
    });
    std::optional<ReadModifyWrite> Race = redisRace(Accesses, Index);
    if (!Race)
      Race = sqlRace(Accesses);
    if (!Race)
      Race = serviceRace(
          Zoo, EtcdSeen,
          [&](const Expr *Call) {
            return enclosingFunction(Call, Context) == Scope.Function &&
                   Scope.contains(Call->getBeginLoc(), Context.getSourceManager());
          },
          Context.getSourceManager());
    if (!Race)
      continue;
    diag(Scope.Acquired, "'%0' only excludes threads of this process; the read-modify-write "
                         "of %1 in its scope races with other processes")
        << Scope.LockType << Race->What;
    diag(Race->Read, "read here", DiagnosticIDs::Note);
    diag(Race->Write, "written here", DiagnosticIDs::Note);
    diag(Scope.Acquired, "make the change one atomic step: a single command such as 'INCR' "
                         "or a Lua script, a transaction with 'SELECT ... FOR UPDATE', a "
                         "versioned write (zoo_set with the version read, etcd's modify_if), "
                         "or a distributed lock",
         DiagnosticIDs::Note);
  }
}

} // namespace clang::tidy::distlock
