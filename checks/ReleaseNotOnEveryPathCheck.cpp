//===--- ReleaseNotOnEveryPathCheck.cpp -----------------------------------===//

#include "ReleaseNotOnEveryPathCheck.h"
#include "model/project/OfferedLockApis.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/RedisCommandKinds.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/LockObjects.h"
#include "model/scopes/OutcomeTests.h"
#include "model/values/CallRoles.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// True when a release of \p Service's locks, or of the database server's
/// locks of family \p SqlFamily when it is given, lets \p Scope's lock go.
bool releasesScopeLock(const DistributedLockScope &Scope, CoordinationService Service,
                       llvm::StringRef SqlFamily) {
  if (!SqlFamily.empty())
    return Scope.Advisory && Scope.ServerLock && SqlFamily == Scope.ServerLock->Family;
  return !Scope.Advisory && Service == Scope.Service;
}

/// What a function lets go: a coordination service's lock, or a database
/// server's lock of one family (SqlRelease names its release function).
struct LetGo {
  CoordinationService Service = CoordinationService::None;
  const SqlStatement::AdvisoryCall *SqlRelease = nullptr;

  bool releases(const DistributedLockScope &Scope) const {
    return releasesScopeLock(Scope, Service, SqlRelease ? SqlRelease->Lock->Family : "");
  }
};

/// The functions of the unit that let a ZooKeeper, etcd or database server
/// lock go: an etcd unlock, the delete of a lock node, SQL that unlocks, or
/// a call of such a function, up to four calls deep. A function that also
/// holds a lock of its own (\p Holders) takes and lets go, and is none.
/// Each is offered to the units that call it.
llvm::DenseMap<const FunctionDecl *, LetGo>
lockReleasers(llvm::ArrayRef<HelperCall> Calls, const ZooKeeperCalls &Zoo,
              llvm::ArrayRef<EtcdCall> Etcd, llvm::ArrayRef<SqlExecution> Sql,
              const WordMatcher &LockWords, const llvm::DenseSet<const FunctionDecl *> &Holders) {
  llvm::DenseMap<const FunctionDecl *, LetGo> Releasers;
  for (const EtcdCall &Call : Etcd)
    if (Call.Function && Call.is(EtcdMethod::Unlock))
      Releasers.try_emplace(Call.Function, LetGo{CoordinationService::Etcd});
  for (const ZooCall &Call : Zoo.calls())
    if (Call.Function && Call.is(ZooFunction::Delete) && namesLockNode(Call, Zoo, LockWords))
      Releasers.try_emplace(Call.Function, LetGo{CoordinationService::ZooKeeper});
  for (const SqlExecution &E : Sql)
    if (const SqlStatement::AdvisoryCall *Release = serverLockRelease(E); Release && E.Function)
      Releasers.try_emplace(E.Function, LetGo{CoordinationService::None, Release});
  climbToCallers(Calls, 4, [&](const HelperCall &Call, const FunctionDecl *Callee) {
    auto It = Releasers.find(Callee);
    if (It == Releasers.end() || Holders.contains(Callee) || Holders.contains(Call.Caller))
      return false;
    LetGo What = It->second; // the insertion may move the map's entries
    return Releasers.try_emplace(Call.Caller, What).second;
  });
  for (const FunctionDecl *Holder : Holders)
    Releasers.erase(Holder);
  for (const auto &[Function, What] : Releasers) {
    nlohmann::json Entry{{"param_count", Function->getNumParams()}};
    if (What.SqlRelease)
      Entry["sql_lock"] = What.SqlRelease->Function;
    else
      Entry["service"] = serviceWord(What.Service);
    OfferedLockApis::record({Function, std::move(Entry), "service_releases"});
  }
  return Releasers;
}

/// True when \p E releases a server-kept lock of \p Scope's family.
bool unlocksServerLock(const SqlExecution &E, const DistributedLockScope &Scope) {
  return llvm::any_of(E.Statements, [&](const SqlStatement &Statement) {
    return llvm::any_of(Statement.AdvisoryCalls, [&](const SqlStatement::AdvisoryCall &Call) {
      return Call.releases() && Call.Lock->Family == Scope.ServerLock->Family;
    });
  });
}

/// How long a coordination service keeps a lock its holder forgot: a
/// ZooKeeper node until the session ends, an etcd lock until its lease ends,
/// and lock() keeps its lease alive.
std::string serviceHold(const DistributedLockScope &Scope) {
  return Scope.Service == CoordinationService::ZooKeeper
             ? "the lock node stays until this process's session ends"
             : "the lock stays until its lease ends, and the lease of lock() is kept alive "
               "for as long as the process runs";
}

/// Source order of expansion locations.
class Order {
public:
  explicit Order(const SourceManager &SM) : SM(SM), InUnit(SM) {}
  bool before(SourceLocation A, SourceLocation B) const {
    return InUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
  }
  bool within(SourceLocation Loc, SourceRange Range) const {
    return !before(Loc, Range.getBegin()) && !before(Range.getEnd(), Loc);
  }
  /// The items of \p Sorted (in order of their expansion locations) that
  /// start within [\p Begin, \p End].
  template <typename T>
  llvm::ArrayRef<T> within(const InSourceOrder<T> &Sorted, SourceLocation Begin,
                           SourceLocation End) const {
    return Sorted.within(SM.getExpansionLoc(Begin), SM.getExpansionLoc(End), InUnit);
  }

private:
  const SourceManager &SM;
  SourceOrder InUnit;
};

/// The statements that leave the code after them: return, throw, break,
/// continue, goto.
bool isExit(const Stmt *S) {
  return isa<ReturnStmt, CXXThrowExpr, BreakStmt, ContinueStmt, GotoStmt>(S);
}

const char *exitName(const Stmt *S) {
  if (isa<ReturnStmt>(S))
    return "return";
  if (isa<CXXThrowExpr>(S))
    return "throw";
  if (isa<BreakStmt>(S))
    return "break";
  if (isa<ContinueStmt>(S))
    return "continue";
  return "goto";
}

/// The nearest ancestor of \p S for which \p Is holds.
template <typename Predicate>
const Stmt *ancestor(const Stmt *S, ASTContext &Context, Predicate Is) {
  for (const Stmt *P = parentStmt(S, Context); P; P = parentStmt(P, Context))
    if (Is(P))
      return P;
  return nullptr;
}

/// The definition of \p Function that throwsVisibly() reads: the program's
/// own, with a body; null otherwise.
const FunctionDecl *visibleDefinition(const FunctionDecl *Function, const SourceManager &SM) {
  const FunctionDecl *Definition = Function ? Function->getDefinition() : nullptr;
  if (!Definition || !Definition->getBody() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Definition->getLocation())))
    return nullptr;
  return Definition;
}

/// True when \p Function's body throws, itself or through the program's
/// functions it calls (\p Depth levels deep), outside any try block of its
/// own. A function without a body here says nothing: silence, not a guess.
bool throwsVisibly(const FunctionDecl *Function, const SourceManager &SM, unsigned Depth,
                   llvm::DenseMap<const FunctionDecl *, bool> &Known) {
  const FunctionDecl *Definition = visibleDefinition(Function, SM);
  if (!Definition || Depth == 0)
    return false;
  if (auto It = Known.find(Definition); It != Known.end())
    return It->second;
  Known[Definition] = false; // recursion ends here
  bool Throws = false;
  std::vector<const Stmt *> Work = {Definition->getBody()};
  while (!Work.empty() && !Throws) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S || isa<LambdaExpr, CXXTryStmt>(S))
      continue;
    if (isa<CXXThrowExpr>(S))
      Throws = true;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (const auto *Type = Callee->getType()->getAs<FunctionProtoType>();
            !Type || !Type->isNothrow())
          Throws = throwsVisibly(Callee, SM, Depth - 1, Known);
    Work.insert(Work.end(), S->child_begin(), S->child_end());
  }
  return Known[Definition] = Throws;
}

/// True when \p Call is one the exception rule may weigh: a call of the
/// program's own code, which throwsVisibly() can read. Bookkeeping is left
/// out.
bool weighedCall(const CallExpr *Call, const SourceManager &SM) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  // The name is split into words last: most callees are a library's.
  return Callee && Callee->getIdentifier() && visibleDefinition(Callee, SM) &&
         !isBookkeepingName(Callee->getName());
}

/// True when a weighed \p Call throws: clang's graph gives it an exception
/// edge (it is not noexcept) and the program's code it runs is seen to throw.
bool throwingWork(const CallExpr *Call, const FunctionCfg &Graph, const SourceManager &SM,
                  llvm::DenseMap<const FunctionDecl *, bool> &Known) {
  constexpr unsigned Depth = 4;
  return Graph.mayThrow(Call) && throwsVisibly(Call->getDirectCallee(), SM, Depth, Known);
}

/// True when \p Exit is on the branch of an `if` where a renewal of the
/// lock's expiry (one of \p Extends) answered that it failed: an extend
/// that checks its owner fails when this process no longer holds the lock,
/// so leaving there leaves nothing held (`if (!lock.extend()) return;`).
bool afterFailedExtend(const Stmt *Exit, llvm::ArrayRef<const Expr *> Extends,
                       ASTContext &Context) {
  if (Extends.empty())
    return false;
  const Stmt *Child = Exit;
  for (const Stmt *P = parentStmt(Exit, Context); P; Child = P, P = parentStmt(P, Context)) {
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || (Child != If->getThen() && Child != If->getElse()))
      continue;
    for (const Expr *Extend : Extends)
      if (anyStmt(If->getCond(), [&](const Stmt *S) { return S == Extend; }))
        if (std::optional<bool> HeldOnTrue =
                conditionSays(Extend, If->getCond(), Context, AnswerMeaning()))
          return (Child == If->getThen()) != *HeldOnTrue;
  }
  return false;
}

} // namespace

const ReleaseNotOnEveryPathCheck::FunctionFacts &
ReleaseNotOnEveryPathCheck::factsOf(const FunctionDecl *Function, ASTContext &Context) {
  auto [It, Inserted] = Facts.try_emplace(Function);
  FunctionFacts &Found = It->second;
  if (!Inserted)
    return Found;
  // The function's own statements: a lambda's body is another function.
  anyOwnStmtOf(Function, [&](const Stmt *S) {
    if (isExit(S))
      Found.Exits.push_back(S);
    if (const auto *Call = dyn_cast<CallExpr>(S))
      Found.Calls.push_back(Call);
    if (const auto *Handler = dyn_cast<CXXCatchStmt>(S))
      Found.Handlers.push_back(Handler);
    return false;
  });
  const SourceManager &SM = Context.getSourceManager();
  auto Start = [&](const Stmt *S) { return SM.getExpansionLoc(S->getBeginLoc()); };
  Found.Exits.sort(Start, SM);
  Found.Calls.sort(Start, SM);
  return Found;
}

void ReleaseNotOnEveryPathCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  Order Source(Context.getSourceManager());
  Graphs.clear();
  Throwers.clear();
  Facts.clear();
  // Each function's commands in source order, gathered once.
  llvm::DenseMap<const FunctionDecl *, InSourceOrder<const RedisCommand *>> CommandsOf;
  for (const RedisCommand *Command : Index.commands())
    if (Command->Function && Command->Call)
      CommandsOf[Command->Function].push_back(Command);
  const SourceManager &SM = Context.getSourceManager();
  for (auto &[Function, Commands] : CommandsOf)
    Commands.sort([&](const RedisCommand *C) { return SM.getExpansionLoc(C->Call->getBeginLoc()); },
                  SM);
  const std::vector<SqlExecution> &Executions = sqlExecutions(Context);
  // RAII objects release in their destructors, on every path: no objects.
  const std::vector<LockApiCall> &ApiCalls = lockApiCalls(Context);
  const std::vector<DistributedLockScope> &Scopes = lockScopes(Index);
  Reported.clear();
  llvm::DenseSet<const FunctionDecl *> Holders;
  for (const DistributedLockScope &Scope : Scopes)
    Holders.insert(Scope.Function);
  for (const LockApiCall &Api : ApiCalls)
    Holders.insert(Api.Function);
  llvm::DenseMap<const FunctionDecl *, LetGo> Releasers =
      lockReleasers(helperCalls(), acquireCalls().zooKeeper(), acquireCalls().etcd(), Executions,
                    lockWords(), Holders);
  // The scope guards each function declares, found once.
  llvm::DenseMap<const FunctionDecl *, std::vector<const DeclStmt *>> GuardsOf;
  for (const DistributedLockScope &Scope : Scopes) {
    const FunctionDecl *Function = Scope.Function;
    if (!Function || !Function->getBody() || (!Scope.Advisory && Scope.KeyId.empty()))
      continue;
    SourceRange Region(Scope.Begin, Scope.End);
    // The releases of this lock in the scope, in source order, and the
    // calls that renew its expiry. Gather finds those that Owner makes: the
    // function, or a scope guard's lambda in it.
    std::vector<const Expr *> Releases, Extends;
    auto Gather = [&](const FunctionDecl *Owner, std::vector<const Expr *> &Into,
                      std::vector<const Expr *> &Renewals) {
      if (Scope.Advisory || Scope.Service != CoordinationService::None) {
        // A call of a function that lets such a lock go: the unit's own, or
        // one another unit defines (a lock class's release()).
        for (const HelperCall &Call : helperCalls())
          if (auto It = Releasers.find(helperDefinition(Call.Call));
              Call.Caller == Owner && It != Releasers.end() && It->second.releases(Scope) &&
              Source.within(Call.Call->getBeginLoc(), Region))
            Into.push_back(Call.Call);
        for (auto [Call, Found] : modelledCalls(Owner, lockApis().ServiceReleases))
          if (releasesScopeLock(Scope, Found->Service, Found->SqlFamily) &&
              Source.within(Call->getBeginLoc(), Region))
            Into.push_back(Call);
      }
      if (Scope.Advisory) {
        for (const SqlExecution &E : Executions)
          if (E.Function == Owner && unlocksServerLock(E, Scope) &&
              Source.within(E.Call->getBeginLoc(), Region))
            Into.push_back(E.Call);
      } else if (Scope.Service != CoordinationService::None) {
        // A ZooKeeper lock node's delete, an etcd unlock.
        for (const ZooCall &Call : acquireCalls().zooKeeper().calls())
          if (Call.Function == Owner && Call.is(ZooFunction::Delete) &&
              Call.PathPattern == Scope.Key && Source.within(Call.Call->getBeginLoc(), Region))
            Into.push_back(Call.Call);
        for (const EtcdCall &Call : acquireCalls().etcd())
          if (Call.Function == Owner && Call.is(EtcdMethod::Unlock) &&
              Source.within(Call.Call->getBeginLoc(), Region))
            Into.push_back(Call.Call);
      } else {
        // A script's DEL (the owner-checked release) is a command of its own,
        // at the script's call; so is its PEXPIRE, an extend's.
        auto Found = CommandsOf.find(Owner);
        if (Found != CommandsOf.end())
          for (const RedisCommand *Command : Source.within(Found->second, Scope.Begin, Scope.End)) {
            if (Index.deletesKey(*Command, Scope.KeyId))
              Into.push_back(Command->Call);
            else if (isExpiryCommand(*Command) && !Command->Args.empty() &&
                     Index.keyIdentity(Command->Args[0]) == Scope.KeyId)
              Renewals.push_back(Command->Call);
          }
      }
    };
    Gather(Function, Releases, Extends);
    // A scope guard declared in the scope releases when its block ends,
    // whatever path leaves it: its lambda's release stands at the guard.
    auto [Known, New] = GuardsOf.try_emplace(Function);
    if (New)
      anyStmtOf(Function, [&, &Guards = Known->second](const Stmt *S) {
        if (scopeGuardLambda(S))
          Guards.push_back(cast<DeclStmt>(S));
        return false;
      });
    for (const DeclStmt *Guard : Known->second) {
      if (!Source.within(Guard->getBeginLoc(), Region))
        continue;
      std::vector<const Expr *> InGuard, Renewals;
      Gather(scopeGuardLambda(Guard)->getCallOperator(), InGuard, Renewals);
      if (!InGuard.empty())
        Releases.push_back(cast<VarDecl>(Guard->getSingleDecl())->getInit());
    }
    // No release here: the lock is released elsewhere, or by its TTL.
    if (Releases.empty())
      continue;
    llvm::sort(Releases, [&](const Expr *A, const Expr *B) {
      return Source.before(A->getBeginLoc(), B->getBeginLoc());
    });
    reportThrowingCall(Scope, Releases, Index);
    reportSkippingExits(Scope, Releases, Context, nullptr, Extends);
  }
  for (const HandleLockScope &Held :
       findHandleLockScopes(Context, helperCalls(), acquireCalls().zooKeeper(), ApiCalls))
    reportHandleLock(Held, Index);
}

void ReleaseNotOnEveryPathCheck::reportSkippingExits(const DistributedLockScope &Scope,
                                                     llvm::ArrayRef<const Expr *> Releases,
                                                     ASTContext &Context,
                                                     const HandleLockScope *Held,
                                                     llvm::ArrayRef<const Expr *> Extends) {
  Order Source(Context.getSourceManager());
  const FunctionDecl *Function = Scope.Function;
  SourceLocation FirstRelease = Releases.front()->getBeginLoc();
  const FunctionFacts &Known = factsOf(Function, Context);
  for (const Stmt *Exit : Source.within(Known.Exits, Scope.Begin, FirstRelease)) {
    if (!Source.before(Scope.Begin, Exit->getBeginLoc()) ||
        !Source.before(Exit->getBeginLoc(), FirstRelease))
      continue;
    // Where the handle is tested, the lock may not have been taken.
    if (Held && underTestOf(Exit, Held->Handle, Context))
      continue;
    if (afterFailedExtend(Exit, Extends, Context))
      continue;
    // An exit that lets the lock go itself (`return release(...);`).
    if (llvm::any_of(Releases, [&](const Expr *Release) {
          return Source.within(Release->getBeginLoc(), Exit->getSourceRange());
        }))
      continue;
    // A release before it in a block that holds it too runs first.
    const Stmt *Block =
        ancestor(Exit, Context, [](const Stmt *P) { return isa<CompoundStmt>(P); });
    if (llvm::any_of(Releases, [&](const Expr *Release) {
          return Source.before(Release->getBeginLoc(), Exit->getBeginLoc()) && Block &&
                 Source.within(Release->getBeginLoc(), Block->getSourceRange()) &&
                 ancestor(Release, Context, [](const Stmt *P) {
                   return isa<CompoundStmt>(P);
                 }) == Block;
        }))
      continue;
    // break and continue skip a release only inside the loop they leave.
    if (isa<BreakStmt, ContinueStmt>(Exit)) {
      const Stmt *Loop = ancestor(Exit, Context, [&](const Stmt *P) {
        return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P) ||
               (isa<SwitchStmt>(P) && isa<BreakStmt>(Exit));
      });
      if (!Loop || !Source.within(FirstRelease, Loop->getSourceRange()))
        continue;
    }
    // A jump forward to a label that a release follows skips no release.
    if (const auto *Jump = dyn_cast<GotoStmt>(Exit))
      if (const LabelStmt *Target = Jump->getLabel()->getStmt();
          Target && Source.before(Exit->getBeginLoc(), Target->getBeginLoc()) &&
          Source.before(Target->getBeginLoc(), Releases.back()->getBeginLoc()))
        continue;
    // A throw may be caught by a handler that releases: stay silent.
    if (isa<CXXThrowExpr>(Exit) &&
        ancestor(Exit, Context, [](const Stmt *P) { return isa<CXXTryStmt>(P); }))
      continue;
    if (!Reported.insert(Exit).second)
      continue;
    if (Scope.Advisory)
      diagAt(Exit, "'%0' leaves the scope of %select{a|an}1 %2 before '%3': a "
                   "session-level lock stays held until the connection closes, which in a pool "
                   "may be never")
          << exitName(Exit) << llvm::StringRef("aeiou").contains(Scope.ServerLock->Noun.front())
          << Scope.ServerLock->Noun << Scope.ServerLock->ReleaseDisplay;
    else if (Scope.Service != CoordinationService::None)
      diagAt(Exit, "'%0' leaves the scope of %1 lock '%2' before its release: %3")
          << exitName(Exit) << serviceName(Scope.Service) << Scope.Key << serviceHold(Scope);
    else
      diagAt(Exit, "'%0' leaves the scope of lock '%1' before its release: the "
                   "lock stays held until its TTL%select{| (%3)}2 expires")
          << exitName(Exit) << Scope.Key << !Scope.Ttl.empty() << Scope.Ttl;
    diag(Scope.Acquired, "lock acquired here", DiagnosticIDs::Note);
    diag(FirstRelease, "the lock is released here on the other paths", DiagnosticIDs::Note);
    // The evidence is in two other functions: say where.
    if (Held)
      diag(Held->Create->getBeginLoc(),
           "'%0' creates the lock node here and returns the handle '%1' keeps",
           DiagnosticIDs::Note)
          << Held->Taker->getNameAsString() << Held->Handle->getNameAsString();
  }
}

void ReleaseNotOnEveryPathCheck::reportHandleLock(const HandleLockScope &Held,
                                                  const LockIndex &Index) {
  ASTContext &Context = Index.context();
  Order Source(Context.getSourceManager());
  std::vector<const Expr *> Releases = Held.Releases;
  llvm::sort(Releases, [&](const Expr *A, const Expr *B) {
    return Source.before(A->getBeginLoc(), B->getBeginLoc());
  });
  reportSkippingExits(Held.Scope, Releases, Context, &Held);
}

void ReleaseNotOnEveryPathCheck::reportThrowingCall(const DistributedLockScope &Scope,
                                                    llvm::ArrayRef<const Expr *> Releases,
                                                    const LockIndex &Index) {
  ASTContext &Context = Index.context();
  const SourceManager &SM = Context.getSourceManager();
  Order Source(SM);
  const FunctionDecl *Function = Scope.Function;
  if (!Context.getLangOpts().CXXExceptions)
    return;
  const FunctionFacts &Known = factsOf(Function, Context);
  // A handler that releases covers every throw: the author thought of it.
  bool HandlerReleases = llvm::any_of(Known.Handlers, [&](const CXXCatchStmt *Handler) {
    return llvm::any_of(Releases, [&](const Expr *Release) {
      return Source.within(Release->getBeginLoc(), Handler->getSourceRange());
    });
  });
  if (HandlerReleases)
    return;
  SourceLocation FirstRelease = Releases.front()->getBeginLoc();
  // The first such call in source order. The function's graph with its
  // exception edges is built at the first call the rule weighs: most scopes
  // call none of the program's own code.
  const FunctionCfg *Graph = nullptr;
  const CallExpr *Throwing = nullptr;
  for (const CallExpr *Call : Source.within(Known.Calls, Scope.Begin, Scope.End)) {
    if (!Source.before(Call->getBeginLoc(), FirstRelease) || !weighedCall(Call, SM))
      continue;
    if (!Graph) {
      auto [Cached, Inserted] = Graphs.try_emplace(Function);
      if (Inserted)
        Cached->second = std::make_unique<FunctionCfg>(Function, Context, /*ExceptionEdges=*/true);
      if (!Cached->second->valid())
        return;
      Graph = Cached->second.get();
    }
    if (throwingWork(Call, *Graph, SM, Throwers)) {
      Throwing = Call;
      break;
    }
  }
  if (!Throwing)
    return;
  std::string Callee = Throwing->getDirectCallee()->getQualifiedNameAsString();
  if (Scope.Advisory)
    diagAt(Throwing,
         "'%0' may throw between the acquire and '%1', and no handler "
         "releases: a session-level lock stays held until the connection closes, which in a "
         "pool may be never")
        << Callee << Scope.ServerLock->ReleaseDisplay;
  else if (Scope.Service != CoordinationService::None)
    diagAt(Throwing, "'%0' may throw between the acquire and the release of %1 lock '%2', "
                     "and no handler releases: %3")
        << Callee << serviceName(Scope.Service) << Scope.Key << serviceHold(Scope);
  else
    diagAt(Throwing,
         "'%0' may throw between the acquire and the release of lock '%1', and no handler "
         "releases: the lock stays held until its TTL%select{| (%3)}2 expires")
        << Callee << Scope.Key << !Scope.Ttl.empty() << Scope.Ttl;
  diag(Scope.Acquired, "lock acquired here", DiagnosticIDs::Note);
  diag(FirstRelease, "the lock is released here when nothing throws", DiagnosticIDs::Note);
}

} // namespace clang::tidy::distlock
