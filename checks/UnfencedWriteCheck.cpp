//===--- UnfencedWriteCheck.cpp -------------------------------------------===//

#include "UnfencedWriteCheck.h"
#include "model/project/OfferedLockApis.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/RedisCommandKinds.h"
#include "model/scopes/AcquireCalls.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/ScopeAccesses.h"
#include "model/sql/SqlExecutions.h"
#include "model/values/ExprText.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SetVector.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// Column names that hold a fencing token, unless configured otherwise.
constexpr llvm::StringLiteral DefaultFenceColumnPattern =
    "^(fence|fencing|token|epoch|generation)$";

/// True when a WHERE conjunct ("last_fence < $2") makes the write conditional
/// on a fence that only grows: `column < value` or `value > column`.
bool isFencePredicate(StringRef Conjunct, const WordMatcher &FenceColumns) {
  SmallVector<StringRef, 3> Parts;
  Conjunct.split(Parts, ' ');
  if (Parts.size() != 3)
    return false;
  StringRef Left = Parts[0], Operator = Parts[1], Right = Parts[2];
  if ((Operator == "<" || Operator == "<=") && FenceColumns.matchesAnyWord(Left))
    return true;
  return (Operator == ">" || Operator == ">=") && FenceColumns.matchesAnyWord(Right);
}

/// A write to a coordination service's own data in a lock scope, and
/// whether something in it compares the lock's token.
struct ServiceWrite {
  const Expr *At;
  std::string What;
  bool Fenced;
  /// What is written ("etcd key") and the expression that names it.
  std::string Kind;
  const Expr *Key = nullptr;
  CoordinationService Service = CoordinationService::None;
};

/// The ZooKeeper and etcd writes of \p Function other than the lock's own
/// nodes: zoo_set, creates and deletes of other nodes, and zoo_multi, fenced
/// when the function builds a zoo_check_op; etcd's put, set, rm, and txn,
/// fenced when the function adds a compare of a revision or version.
std::vector<ServiceWrite> serviceWrites(const FunctionDecl *Function, const ZooKeeperCalls &Zoo,
                                        llvm::ArrayRef<EtcdCall> Etcd,
                                        const WordMatcher &LockWords) {
  std::vector<ServiceWrite> Writes;
  bool ZooChecks = llvm::any_of(Zoo.calls(), [&](const ZooCall &Call) {
    return Call.Function == Function && Call.is(ZooFunction::CheckOp);
  });
  for (const ZooCall &Call : Zoo.calls()) {
    if (Call.Function != Function)
      continue;
    bool OwnNode = namesLockNode(Call, Zoo, LockWords) || Call.PathPattern.empty();
    if (Call.is(ZooFunction::Multi))
      Writes.push_back({Call.Call, "ZooKeeper through zoo_multi", ZooChecks});
    else if (Call.is(ZooFunction::Write) ||
             ((Call.is(ZooFunction::Create) || Call.is(ZooFunction::Delete)) && !OwnNode))
      // A set that expects a version other than -1 fails when another
      // holder wrote the node since it was read: it is conditional.
      Writes.push_back({Call.Call, "ZooKeeper node '" + Call.PathPattern + "'",
                        Call.is(ZooFunction::Write) && !(Call.Version && *Call.Version == -1),
                        "ZooKeeper node",
                        Call.pathArgument(),
                        CoordinationService::ZooKeeper});
  }
  bool EtcdCompares = llvm::any_of(Etcd, [&](const EtcdCall &Call) {
    return Call.Function == Function && Call.is(EtcdMethod::FenceCompare);
  });
  for (const EtcdCall &Call : Etcd) {
    if (Call.Function != Function)
      continue;
    if (Call.is(EtcdMethod::Transaction))
      Writes.push_back({Call.Call, "etcd through txn", EtcdCompares});
    else if ((Call.is(EtcdMethod::Write) || Call.is(EtcdMethod::CompareAndWrite)) &&
             !LockWords.matchesAnyWord(Call.Key))
      Writes.push_back({Call.Call, "etcd key '" + Call.Key + "'", false, "etcd key",
                        Call.Spec->KeyArg && *Call.Spec->KeyArg < Call.Call->getNumArgs()
                            ? Call.Call->getArg(*Call.Spec->KeyArg)
                            : nullptr,
                        CoordinationService::Etcd});
  }
  return Writes;
}

/// The writes \p Function makes by calls of functions that a model file
/// declares as coordination-service writes, and whose bodies this unit does
/// not have: `store.put(key, value)` on a client class defined elsewhere.
std::vector<ServiceWrite> modelledWrites(const FunctionDecl *Function, const LockApiModel &Apis,
                                         StringValueTracker &Strings,
                                         const WordMatcher &LockWords) {
  std::vector<ServiceWrite> Writes;
  for (auto [Call, Found] : modelledCalls(Function, Apis.ServiceWrites)) {
    bool ByText = !Found->KeyText.empty();
    if (!ByText && Found->KeyArg >= Call->getNumArgs())
      continue;
    const Expr *Key = ByText ? nullptr : Call->getArg(Found->KeyArg);
    std::optional<StringValue> Value = Key ? Strings.valueOf(Key) : std::nullopt;
    std::string Kind = Found->Service == CoordinationService::Etcd ? "etcd key" : "ZooKeeper node";
    std::string Pattern = ByText ? Found->KeyText : Value ? Value->pattern() : "";
    if (!Pattern.empty() && LockWords.matchesAnyWord(Pattern))
      continue; // the lock's own key
    std::string Article = Found->Service == CoordinationService::Etcd ? "an " : "a ";
    Writes.push_back({Call, Pattern.empty() ? Article + Kind : Kind + " '" + Pattern + "'", false,
                      Kind, Key, Found->Service});
  }
  return Writes;
}

/// What \p Call writes by a call of a function that makes \p Write: the
/// key or node named by the call's argument when the function is handed it.
std::string whatCallWrites(const HelperCall &Call, const ServiceWrite &Write) {
  const Expr *Handed = argumentFor(Write.Key, helperDefinition(Call.Call), Call.Call);
  if (!Handed || !Call.Caller)
    return Write.What;
  std::optional<std::string> Text = constantText(Handed, Call.Caller->getASTContext());
  return Text ? Write.Kind + " '" + *Text + "'" : Write.What;
}

/// True when \p Key names the node or key of \p Scope's own lock
/// (`zk_unlock(zh, path, 0)` in the scope of the create of `path`): a write
/// of it is the lock's release, not work under it.
bool namesScopeNode(const Expr *Key, const DistributedLockScope &Scope,
                    StringValueTracker &Strings) {
  if (!Key || Scope.Key.empty())
    return false;
  std::optional<StringValue> Value = Strings.valueOf(Key);
  return Value && Value->pattern() == Scope.Key;
}

/// The same for the key \p Call hands the function that makes \p Write.
bool handsLockNode(const HelperCall &Call, const ServiceWrite &Write,
                   const DistributedLockScope &Scope, StringValueTracker &Strings) {
  return namesScopeNode(argumentFor(Write.Key, helperDefinition(Call.Call), Call.Call), Scope,
                        Strings);
}

/// For each function of the unit that writes to ZooKeeper or etcd with no
/// fence, itself or through the functions it calls, the first write. A call
/// of one inside a scope writes there.
llvm::DenseMap<const FunctionDecl *, ServiceWrite>
serviceWritesThrough(llvm::ArrayRef<HelperCall> Calls, const ZooKeeperCalls &Zoo,
                     llvm::ArrayRef<EtcdCall> Etcd, const WordMatcher &LockWords,
                     const LockApiModel &Apis, StringValueTracker &Strings) {
  llvm::DenseMap<const FunctionDecl *, ServiceWrite> Writers;
  llvm::SetVector<const FunctionDecl *> Functions;
  for (const ZooCall &Call : Zoo.calls())
    Functions.insert(Call.Function);
  for (const EtcdCall &Call : Etcd)
    Functions.insert(Call.Function);
  for (const FunctionDecl *Function : Functions)
    for (const ServiceWrite &Write : serviceWrites(Function, Zoo, Etcd, LockWords))
      if (!Write.Fenced && Function) {
        Writers.try_emplace(Function, Write);
        break;
      }
  if (!Apis.ServiceWrites.empty()) {
    llvm::SetVector<const FunctionDecl *> Callers;
    for (const HelperCall &Call : Calls)
      Callers.insert(Call.Caller);
    for (const FunctionDecl *Caller : Callers)
      if (Caller && !Writers.count(Caller))
        if (std::vector<ServiceWrite> Writes = modelledWrites(Caller, Apis, Strings, LockWords);
            !Writes.empty())
          Writers.try_emplace(Caller, Writes.front());
  }
  climbToCallers(Calls, 4, [&](const HelperCall &Call, const FunctionDecl *Callee) {
    auto It = Writers.find(Callee);
    if (It == Writers.end() || Writers.count(Call.Caller))
      return false;
    ServiceWrite Write = It->second;
    Write.What = whatCallWrites(Call, Write);
    // The caller's argument names the key it hands on, for its own callers.
    Write.Key = argumentFor(Write.Key, Callee, Call.Call);
    return Writers.try_emplace(Call.Caller, std::move(Write)).second;
  });
  // A writer of a key it is handed is a write for the units that call it.
  for (const auto &[Function, Write] : Writers)
    if (const ParmVarDecl *Param = parameterOf(Write.Key, Function);
        Param && Write.Service != CoordinationService::None)
      OfferedLockApis::record({Function,
                               {{"key_arg", Param->getFunctionScopeIndex()},
                                {"service", serviceWord(Write.Service)},
                                {"param_count", Function->getNumParams()}},
                               "service_writes"});
  return Writers;
}

} // namespace

UnfencedWriteCheck::UnfencedWriteCheck(StringRef Name, ClangTidyContext *Context)
    : AcquireCheckBase(Name, Context),
      FenceColumnPattern(Options.get("FenceColumnPattern", DefaultFenceColumnPattern)),
      CheckRedisWrites(Options.get("CheckRedisWrites", true)),
      RequireFencingUnderAdvisoryLocks(Options.get("RequireFencingUnderAdvisoryLocks", false)),
      FenceColumns(FenceColumnPattern) {
  std::string Error;
  if (!FenceColumns.isValid(Error))
    configurationDiag("invalid FenceColumnPattern '%0': %1") << FenceColumnPattern << Error;
}

void UnfencedWriteCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  AcquireCheckBase::storeOptions(Opts);
  Options.store(Opts, "FenceColumnPattern", FenceColumnPattern);
  Options.store(Opts, "CheckRedisWrites", CheckRedisWrites);
  Options.store(Opts, "RequireFencingUnderAdvisoryLocks", RequireFencingUnderAdvisoryLocks);
}

void UnfencedWriteCheck::registerMoreMatchers(MatchFinder *Finder) {
  AcquireCheckBase::registerMoreMatchers(Finder);
  registerLockObjects(Finder);
}

void UnfencedWriteCheck::checkMore(const MatchFinder::MatchResult &Result) {
  collectLockObject(Result);
}

namespace {

/// True when \p Branch ends by leaving its function: a return or a throw
/// as its last statement.
bool leavesFunction(const Stmt *Branch) {
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Branch))
    Branch = Block->body_empty() ? nullptr : Block->body_back();
  if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(Branch))
    Branch = Cleanups->getSubExpr();
  return isa_and_nonnull<ReturnStmt, CXXThrowExpr>(Branch);
}

/// True when \p Range, of whole tokens, holds \p At.
bool holds(SourceRange Range, SourceLocation At, const SourceOrder &Before) {
  return !Before(At, Range.getBegin()) && !Before(Range.getEnd(), At);
}

/// The `if` statements of each function, in source order, gathered once:
/// a function with thousands of scopes asks about each of them.
class IfsByFunction {
public:
  explicit IfsByFunction(const SourceManager &SM) : Before(SM) {}

  llvm::ArrayRef<const IfStmt *> of(const FunctionDecl *Function) {
    auto [It, Inserted] = Ifs.try_emplace(Function);
    if (Inserted && Function) {
      anyStmtOf(Function, [&](const Stmt *S) {
        if (const auto *If = dyn_cast<IfStmt>(S))
          It->second.push_back(If);
        return false;
      });
      llvm::sort(It->second, [&](const IfStmt *A, const IfStmt *B) {
        return Before(A->getBeginLoc(), B->getBeginLoc());
      });
    }
    return It->second;
  }

private:
  SourceOrder Before;
  llvm::DenseMap<const FunctionDecl *, std::vector<const IfStmt *>> Ifs;
};

/// The innermost branch of an `if` of \p Ifs (the function's), inside
/// \p Scope, that holds \p At and leaves the function.
std::optional<SourceRange> leavingBranchAround(llvm::ArrayRef<const IfStmt *> Ifs,
                                               SourceLocation At,
                                               const DistributedLockScope &Scope,
                                               const SourceManager &SM) {
  // Only an `if` that starts between the scope's start and At can hold At.
  SourceOrder Before(SM);
  auto First = std::partition_point(Ifs.begin(), Ifs.end(), [&](const IfStmt *If) {
    return Before(If->getBeginLoc(), Scope.Begin);
  });
  std::optional<SourceRange> Found;
  for (auto It = First; It != Ifs.end() && !Before(At, (*It)->getBeginLoc()); ++It) {
    const IfStmt *If = *It;
    if (!Scope.contains(If->getBeginLoc(), SM))
      continue;
    for (const Stmt *Branch : {If->getThen(), If->getElse()})
      if (Branch && holds(Branch->getSourceRange(), At, Before) && leavesFunction(Branch) &&
          (!Found || Before(Found->getBegin(), Branch->getBeginLoc())))
        Found = Branch->getSourceRange();
  }
  return Found;
}

} // namespace

void UnfencedWriteCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  const SourceManager &SM = Context.getSourceManager();
  const std::vector<SqlExecution> &Executions = sqlExecutions(Context);
  std::vector<DistributedLockScope> Scopes =
      lockObjectScopes(Index, acquireSiteReading(Index), lockObjects(), lockGuards(Index));
  llvm::append_range(Scopes, lockScopes(Index));
  // A fence taken in the scope: an INCR of a key named for one ("fence:job").
  WordMatcher FenceKeys(DefaultFenceColumnPattern);
  std::vector<const RedisCommand *> Increments;
  for (const RedisCommand *Command : Index.commands())
    if (Command->is("INCR"))
      Increments.push_back(Command);
  for (DistributedLockScope &Scope : Scopes)
    for (const RedisCommand *Command : Increments)
      if (Command->Function == Scope.Function &&
          Scope.contains(Command->Call->getBeginLoc(), SM) &&
          FenceKeys.matchesAnyWord(Index.keyDisplay(Command->Args[0])))
        Scope.FenceTaken = Command->Call->getBeginLoc();

  ScopeAccesses Accesses(Index, Executions, helperCalls());
  llvm::DenseMap<const FunctionDecl *, ServiceWrite> WritersThrough =
      serviceWritesThrough(helperCalls(), acquireCalls().zooKeeper(), acquireCalls().etcd(),
                           lockWords(), lockApis(), strings());
  IfsByFunction Ifs(SM);
  struct UnfencedWrite {
    const DistributedLockScope *Scope;
    SourceLocation At;
    std::string What;
    bool Redis, Protects;
  };
  std::vector<UnfencedWrite> Pending;
  for (const DistributedLockScope &Scope : Scopes) {
    // Advisory locks are strongly consistent; fencing there is opt-in.
    if (Scope.Advisory && !RequireFencingUnderAdvisoryLocks)
      continue;
    if (Scope.Service != CoordinationService::None) {
      for (const ServiceWrite &Write : serviceWrites(Scope.Function, acquireCalls().zooKeeper(),
                                                     acquireCalls().etcd(), lockWords()))
        if (!Write.Fenced && Scope.contains(Write.At->getBeginLoc(), SM))
          Pending.push_back({&Scope, Write.At->getBeginLoc(), Write.What, false, false});
      for (const ServiceWrite &Write :
           modelledWrites(Scope.Function, lockApis(), strings(), lockWords()))
        if (Scope.contains(Write.At->getBeginLoc(), SM) &&
            !namesScopeNode(Write.Key, Scope, strings()))
          Pending.push_back({&Scope, Write.At->getBeginLoc(), Write.What, false, false});
      // Writes in functions called in the scope, reported at the call.
      for (const HelperCall &Call : helperCalls())
        if (Call.Caller == Scope.Function && Scope.contains(Call.Call->getBeginLoc(), SM))
          if (auto It = WritersThrough.find(helperDefinition(Call.Call));
              It != WritersThrough.end() && It->first != Scope.Function &&
              !handsLockNode(Call, It->second, Scope, strings()))
            Pending.push_back({&Scope, Call.Call->getBeginLoc(), whatCallWrites(Call, It->second),
                               false, false});
    }
    std::vector<Access> InScope = Accesses.of(Scope.Function, Scope.Begin, Scope.End,
                                              [&](SourceLocation Loc) {
                                                return Scope.contains(Loc, SM);
                                              });
    // A DEL of the key, or a script that deletes it, releases the lock. On
    // a branch that then leaves the function (`if (!ok) { Unlock(k);
    // return FAIL; }`) it ends the scope on that branch only, and that
    // branch is the failure path: what it writes undoes the holder's own
    // work. Anywhere else, what follows is outside the scope.
    std::vector<SourceRange> FailurePaths;
    SourceLocation Released;
    for (const Access &A : InScope) {
      if (!A.Command || !Index.releasesKey(*A.Command, Scope.KeyId))
        continue;
      if (std::optional<SourceRange> Branch =
              leavingBranchAround(Ifs.of(Scope.Function), A.At, Scope, SM)) {
        FailurePaths.push_back(*Branch);
        continue;
      }
      Released = A.At;
      break;
    }
    SourceOrder Before(SM);
    for (const Access &A : InScope) {
      if (Released.isValid() && !Before(A.At, Released))
        break;
      if (llvm::any_of(FailurePaths,
                       [&](SourceRange Path) { return holds(Path, A.At, Before); }))
        continue;
      std::string What;
      if (A.Command) {
        if (Index.releasesKey(*A.Command, Scope.KeyId))
          continue;
        bool Fenced = A.Command->InScript && A.Command->ScriptChecksOwner;
        // Taking, expiring or releasing another lock inside this one is
        // lock work, not a write to the data the lock protects: a helper
        // that takes the second lock with SETNX then PEXPIRE does both.
        bool OtherLock = LockIndex::isAcquire(*A.Command) ||
                         (letsGoOrRenews(*A.Command) && Index.isLockKey(*A.Command));
        // A value that expires on its own (`SET k v EX 60`) is a cache
        // entry: a stale holder's copy lapses with it, and nothing reads it
        // back as the state the lock guards.
        if (!CheckRedisWrites || Fenced || OtherLock || !writesKey(*A.Command) ||
            bringsExpiry(*A.Command) || Index.keyIdentity(A.Command->Args[0]) == Scope.KeyId)
          continue;
        What = "Redis key '" + Index.keyDisplay(A.Command->Args[0]) + "'";
      } else {
        for (const SqlStatement &Statement : A.Sql->Statements) {
          bool Changes = Statement.StatementKind == SqlStatement::Update ||
                         Statement.StatementKind == SqlStatement::Delete ||
                         Statement.UpdatesOnConflict;
          if (!Changes || Statement.TablesWritten.empty() ||
              llvm::any_of(Statement.WhereConjuncts, [&](const std::string &Conjunct) {
                return isFencePredicate(Conjunct, FenceColumns);
              }))
            continue;
          What = "table '" + Statement.TablesWritten.front() + "'";
          break;
        }
        if (What.empty())
          continue;
      }
      // The lock whose key is made from the written key is the one that
      // protects it ("lock:" + key); it names the write when locks nest.
      bool Protects = A.Command && Index.madeFrom(Scope.KeyWord, A.Command->Args[0]);
      // Past a failure path the evidence is thinner: the code there may be
      // a later step the lock does not guard. Only the resource the lock is
      // made from is sure to be its own.
      bool PastFailurePath =
          llvm::any_of(FailurePaths, [&](SourceRange Path) { return Before(Path.getEnd(), A.At); });
      if (PastFailurePath && !Protects)
        continue;
      Pending.push_back({&Scope, A.At, What, A.Command != nullptr, Protects});
    }
  }
  // A write inside nested locks is reported once.
  llvm::DenseMap<SourceLocation, const UnfencedWrite *> Chosen;
  for (const UnfencedWrite &Write : Pending) {
    auto [It, New] = Chosen.try_emplace(Write.At, &Write);
    if (!New && Write.Protects && !It->second->Protects)
      It->second = &Write;
  }
  for (const UnfencedWrite &Write : Pending)
    if (Chosen.lookup(Write.At) == &Write)
      reportUnfenced(*Write.Scope, Write.At, Write.What, Write.Redis);
}

void UnfencedWriteCheck::reportUnfenced(const DistributedLockScope &Scope, SourceLocation At,
                                        StringRef What, bool Redis) {
  diag(At, "write to %0 in the scope of lock '%1' has no fencing predicate; a holder "
           "whose lock expired during a pause can still overwrite newer data")
      << What << Scope.Key;
  if (Scope.Ttl.empty())
    diag(Scope.Acquired, "lock acquired here", DiagnosticIDs::Note);
  else
    diag(Scope.Acquired, "lock acquired here, with a TTL of %0", DiagnosticIDs::Note)
        << Scope.Ttl;
  if (Scope.FenceTaken.isValid())
    diag(Scope.FenceTaken, "a fencing token is taken here, but the write does not check it",
         DiagnosticIDs::Note);
  // Each service's own token: ZooKeeper's node versions and zxids, etcd's
  // revisions; elsewhere a counter taken with INCR.
  unsigned Advice = Scope.Service == CoordinationService::ZooKeeper ? 2
                    : Scope.Service == CoordinationService::Etcd    ? 3
                                                                    : Redis;
  diag(At,
       "%select{make the write conditional on a fencing token: take it with 'INCR "
       "fence:<name>' after the acquire and add 'AND last_fence < $N' to the "
       "WHERE clause|write through a Lua script that first compares a fencing token "
       "taken with 'INCR fence:<name>' after the acquire|write in a zoo_multi with a "
       "zoo_check_op on the lock node, or carry the lock node's czxid to the resource "
       "as a fencing token it compares|write in a transaction that compares the lock "
       "key's create revision (etcdv3::Transaction::add_compare_create), or carry that "
       "revision to the resource as a fencing token it compares}0",
       DiagnosticIDs::Note)
      << Advice;
}

} // namespace clang::tidy::distlock

