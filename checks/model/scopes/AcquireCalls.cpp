//===--- AcquireCalls.cpp - the calls that may take a lock ----------------===//

#include "model/scopes/AcquireCalls.h"
#include "model/ast/UnitFunctions.h"
#include "model/matching/NameSet.h"
#include "model/project/OfferedLockApis.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/LockWords.h"
#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace clang::ast_matchers;
using nlohmann::json;

namespace locklint::model {
namespace {

/// The member of its object that \p Path names in \p Function: the member
/// itself (`path_.c_str()`), or the one the function keeps the parameter
/// it is in (`held_ = path;`).
const FieldDecl *memberNamed(const Expr *Path, const FunctionDecl *Function) {
  auto OwnMember = [](const Expr *E) -> const FieldDecl * {
    const auto *Member = E ? dyn_cast<MemberExpr>(stripStringWrappers(E)->IgnoreParenImpCasts())
                           : nullptr;
    return Member && isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts())
               ? dyn_cast<FieldDecl>(Member->getMemberDecl())
               : nullptr;
  };
  if (const FieldDecl *Field = OwnMember(Path))
    return Field;
  const ParmVarDecl *Param = parameterOf(Path, Function);
  if (!Param || !Function->getBody())
    return nullptr;
  const FieldDecl *Kept = nullptr;
  anyOwnStmtOf(Function, [&](const Stmt *S) {
    const Expr *To = nullptr, *From = nullptr;
    if (const auto *Assign = dyn_cast<BinaryOperator>(S); Assign && Assign->isAssignmentOp()) {
      To = Assign->getLHS();
      From = Assign->getRHS();
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
               Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
      To = Op->getArg(0);
      From = Op->getArg(1);
    }
    if (To && parameterOf(From, Function) == Param)
      Kept = OwnMember(To);
    return Kept != nullptr;
  });
  return Kept;
}

/// The member a try-lock keeps its node's path in, to let it go later:
/// \p Create's function answers a bool and keeps the path in a member. A
/// node that registers a process is made the same way, so the function or
/// the member must also be named as a lock's (`try_lock`, `held_lock_`).
const FieldDecl *keptForRelease(const ZooCall &Create, const WordMatcher &LockWords) {
  if (!Create.is(ZooFunction::Create) || !Create.Mode || !Create.Mode->ephemeral() ||
      !Create.Function || !Create.Function->getReturnType()->isBooleanType())
    return nullptr;
  const FieldDecl *Kept = memberNamed(Create.pathArgument(), Create.Function);
  auto NamedForLock = [&](const NamedDecl *D) {
    return D->getIdentifier() && llvm::any_of(splitWords(D->getName()), [&](const std::string &W) {
             return LockWords.matchesWord(W);
           });
  };
  return Kept && (NamedForLock(Create.Function) || NamedForLock(Kept)) ? Kept : nullptr;
}

/// The member of its object or handle that holds \p Call's node's path.
const FieldDecl *nodeMember(const ZooCall &Call) {
  return Call.pathArgument() && Call.Function ? fieldOfThis(Call.pathArgument(), Call.Function)
                                              : nullptr;
}

/// True when a watch call sets a watch: its third argument, the watcher
/// function or the watch flag, is neither null nor zero.
bool setsWatch(const ZooCall &Call, const ASTContext &Context) {
  if (!Call.is(ZooFunction::Watch) || Call.Call->getNumArgs() < 3)
    return false;
  const Expr *Watch = Call.Call->getArg(2)->IgnoreParenImpCasts();
  if (Watch->isNullPointerConstant(const_cast<ASTContext &>(Context),
                                   Expr::NPC_ValueDependentIsNotNull))
    return false;
  Expr::EvalResult Value;
  return !Watch->EvaluateAsInt(Value, Context) || Value.Val.getInt() != 0;
}

} // namespace

llvm::DenseSet<const FieldDecl *> lockNodeMembers(const ZooKeeperCalls &Zoo) {
  llvm::DenseSet<const FieldDecl *> Created, Deleted, Awaited, Locks;
  for (const ZooCall &Call : Zoo.calls()) {
    const FieldDecl *Member = nodeMember(Call);
    if (!Member)
      continue;
    if (Call.is(ZooFunction::Create) && Call.Mode && Call.Mode->ephemeral() &&
        !Call.Mode->sequential())
      Created.insert(Member);
    if (Call.is(ZooFunction::Delete))
      Deleted.insert(Member);
    if (setsWatch(Call, Call.Function->getASTContext()))
      Awaited.insert(Member);
  }
  for (const FieldDecl *Member : Created)
    if (Deleted.contains(Member) && Awaited.contains(Member))
      Locks.insert(Member);
  return Locks;
}

bool namesNodeThrough(const ZooCall &Call, const llvm::DenseSet<const FieldDecl *> &Members) {
  const FieldDecl *Member = nodeMember(Call);
  return Member && Members.contains(Member);
}

bool namesLockNode(const ZooCall &Call, const ZooKeeperCalls &Zoo, const WordMatcher &LockWords) {
  if (Call.namesLock(LockWords))
    return true;
  // Whatever its path, a node the unit takes as a lock, and its delete.
  if (Call.is(ZooFunction::Create) ? Zoo.takenAsLock(Call)
                                   : Call.is(ZooFunction::Delete) &&
                                         llvm::any_of(Zoo.calls(), [&](const ZooCall &Create) {
                                           return Create.sameNode(Call) && Zoo.takenAsLock(Create);
                                         }))
    return true;
  if (Call.lastComponent() != "{}")
    return false;
  if (namesNodeThrough(Call, lockNodeMembers(Zoo)))
    return true;
  // What the node is for shows in what the unit does with it: a try-lock
  // keeps it in a member, and another function deletes the node it names.
  bool Creates = Call.is(ZooFunction::Create);
  if (!Creates && !Call.is(ZooFunction::Delete))
    return false;
  const FieldDecl *Kept = Creates ? keptForRelease(Call, LockWords)
                                  : memberNamed(Call.pathArgument(), Call.Function);
  return Kept && llvm::any_of(Zoo.calls(), [&](const ZooCall &Other) {
           if (!Other.Function || Other.Function == Call.Function)
             return false;
           return Creates ? Other.is(ZooFunction::Delete) &&
                                memberNamed(Other.pathArgument(), Other.Function) == Kept
                          : keptForRelease(Other, LockWords) == Kept;
         });
}

void AcquireCallCollector::registerMatchers(MatchFinder *Finder, CallDispatch &AsIs) {
  AsIs.add(*Finder, SqlExecutions::CallId.str(), SqlExecutions::callTest(Sql, AsIs), this);
  AsIs.add(*Finder, ZooKeeperCalls::CallId.str(),
           ZooKeeperCalls::callTest(AsIs, Redis ? Redis->zooKeeperWrapperNames()
                                                : std::vector<std::string>()),
           this);
  Etcd.registerMatchers(Finder, AsIs);
  // The project's own lock APIs, from model files.
  std::vector<std::string> Names;
  for (const auto &Entry : Apis.Acquires)
    Names.push_back("::" + Entry.getKey().str());
  if (!Names.empty())
    AsIs.add(*Finder, "lock-api", AsIs.callsOneOf(std::make_shared<const NameSet>(Names)), this);
  // redis-plus-plus's RedMutex::try_lock, true when the lock was taken.
  AsIs.add(*Finder, "red-mutex-try",
           AsIs.callsMethodOf(
               std::make_shared<const NameSet>(std::vector<std::string>{"::sw::redis::RedMutex"}),
               std::make_shared<const NameSet>(
                   std::vector<std::string>{"try_lock", "try_lock_for"})),
           this);
}

void AcquireCallCollector::run(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(SqlExecutions::CallId)) {
    SqlCalls.emplace_back(Call, enclosingFunction(Call, *Result.Context));
  } else if (const auto *Zoo = Result.Nodes.getNodeAs<CallExpr>(ZooKeeperCalls::CallId)) {
    ZooMatched.emplace_back(Zoo, enclosingFunction(Zoo, *Result.Context));
  } else if (const auto *Try = Result.Nodes.getNodeAs<CXXMemberCallExpr>("red-mutex-try")) {
    if (const Expr *Resource = redMutexResource(Try->getImplicitObjectArgument()))
      ApiCalls.push_back({Try, enclosingFunction(Try, *Result.Context), Resource});
  } else if (const auto *Api = Result.Nodes.getNodeAs<CallExpr>("lock-api")) {
    const FunctionDecl *Callee = Api->getDirectCallee();
    const LockApiModel::Acquire *Found =
        Callee ? LockApiModel::entryFor(Apis.Acquires, Callee->getQualifiedNameAsString(),
                                        Callee->getNumParams())
               : nullptr;
    LockApiModel::Acquire What = Found ? *Found : LockApiModel::Acquire();
    if (Found && (What.KeyArg < Api->getNumArgs() || !What.KeyText.empty())) {
      LockApiCall Call{Api, enclosingFunction(Api, *Result.Context),
                       What.KeyText.empty() ? Api->getArg(What.KeyArg) : nullptr, What.Service,
                       What.KeyText};
      Call.HoldsOnReturn = What.HoldsOnReturn;
      if (What.OutcomeArg && *What.OutcomeArg < Api->getNumArgs())
        Call.OutcomeArg = What.OutcomeArg;
      if (!What.SqlLock.empty()) {
        Call.KeyText.clear();
        Call.SqlLock.emplace();
        Call.SqlLock->Function = What.SqlLock;
        Call.SqlLock->Key = What.KeyText;
        Call.SqlLock->Lock = sqlLockFunction(What.SqlLock);
      }
      Call.Successes.assign(What.Successes.begin(), What.Successes.end());
      Call.Failures.assign(What.Failures.begin(), What.Failures.end());
      ApiCalls.push_back(std::move(Call));
    }
  }
}

void AcquireCallCollector::addWrapperCalls(ASTContext &Context, StringValueTracker &Strings) {
  llvm::DenseMap<const FunctionDecl *, const ZooFunction *> Known;
  // A call a model file already names (the unit's own exported wrappers,
  // under clang-tidy) is read once.
  llvm::DenseSet<const CallExpr *> Added;
  for (const ZooCall &Call : Zoo.calls())
    Added.insert(Call.Call);
  // Each round finds the wrappers of the ones before; a few are enough.
  for (unsigned Round = 0; Round < 3; ++Round) {
    llvm::DenseMap<const FunctionDecl *, const ZooFunction *> Found;
    for (auto &[Function, Wrapper] : Zoo.wrappers())
      if (!Known.count(Function->getCanonicalDecl())) {
        UnitWrappers.push_back(Wrapper);
        Found[Function->getCanonicalDecl()] = &UnitWrappers.back();
        Known[Function->getCanonicalDecl()] = &UnitWrappers.back();
        json Entry = zooKeeperEntry(Wrapper);
        Entry["param_count"] = Function->getNumParams();
        OfferedLockApis::record({Function, std::move(Entry), RedisModelList});
      }
    if (Found.empty())
      return;
    forEachDefinedFunction(Context, UnitPart::OutsideSystemHeaders, [&](const FunctionDecl *Caller) {
      anyOwnStmt(Caller->getBody(), [&](const Stmt *S) {
        const auto *Call = dyn_cast<CallExpr>(S);
        const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
        if (const ZooFunction *Wrapper = Callee ? Found.lookup(Callee->getCanonicalDecl()) : nullptr;
            Wrapper && Added.insert(Call).second)
          Zoo.add(Call, Caller, Context, Strings, Wrapper);
        return false;
      });
    });
  }
}

std::vector<SqlExecution> AcquireCallCollector::takeSql(ASTContext &Context,
                                                        StringValueTracker &Strings,
                                                        llvm::ArrayRef<HelperCall> Calls) {
  SqlExecutions Executions(Sql, Context, Strings);
  for (const auto &[Call, Function] : SqlCalls)
    Executions.add(Call, Function);
  SqlCalls.clear();
  return Executions.finish(Calls);
}

std::vector<LockApiCall> AcquireCallCollector::takeApiCalls(ASTContext &Context,
                                                            StringValueTracker &Strings,
                                                            const WordMatcher &LockWords) {
  std::vector<LockApiCall> Taken = std::exchange(ApiCalls, {});
  // A model's lock of a coordination service is named like the service's.
  for (LockApiCall &Api : Taken)
    if (Api.Service != CoordinationService::None && Api.Key)
      if (std::optional<StringValue> Value = Strings.valueOf(Api.Key))
        Api.KeyText = Value->pattern();
  Zoo.clear();
  UnitWrappers.clear();
  for (const auto &[Call, Function] : std::exchange(ZooMatched, {})) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const ZooFunction *Wrapped =
        Callee && Redis ? Redis->zooKeeperWrapper(Callee->getQualifiedNameAsString(),
                                                  Callee->getNumParams())
                        : nullptr;
    Zoo.add(Call, Function, Context, Strings, Wrapped);
  }
  addWrapperCalls(Context, Strings);
  // A create of a lock node under a fixed name takes the lock when it
  // answers ZOK. A sequential create takes none: its turn comes later. But
  // in a unit that waits for turns by the recipe, it can fail (a lost
  // connection), and work after a failed one runs outside the queue.
  const ZooKeeperModel &ZooModel = ZooKeeperModel::builtin();
  bool Recipe = Zoo.waitsForTurns();
  for (const ZooCall &Create : Zoo.calls()) {
    if (!Create.is(ZooFunction::Create) || !Create.Mode || !Create.pathArgument())
      continue;
    // A persistent lock node (named for a lock, and deleted by the unit as
    // its release) is a lock too, if a bad one: its create is the acquire
    // whose answer the work must wait for. A persistent parent folder,
    // which nothing deletes, is none.
    if (!Create.Mode->ephemeral()) {
      if (Create.Mode->sequential() || !Zoo.isLockNode(Create, LockWords))
        continue;
    } else if (Create.Mode->sequential() ? !Recipe : !namesLockNode(Create, Zoo, LockWords)) {
      continue;
    }
    bool Queues = Create.Mode->ephemeral() && Create.Mode->sequential();
    LockApiCall Api{Create.Call, Create.Function, Create.pathArgument(),
                    CoordinationService::ZooKeeper, Create.PathPattern};
    Api.Successes.assign(ZooModel.createSuccesses().begin(), ZooModel.createSuccesses().end());
    Api.Failures.assign(ZooModel.createFailures().begin(), ZooModel.createFailures().end());
    Api.QueuesForTurn = Queues;
    Taken.push_back(std::move(Api));
  }
  EtcdTaken = Etcd.calls(Strings);
  Etcd.clear();
  for (const EtcdCall &Lock : EtcdTaken)
    if (Lock.is(EtcdMethod::Lock) || Lock.is(EtcdMethod::LockWithLease))
      Taken.push_back({Lock.Call, Lock.Function, Lock.Call->getArg(0),
                       CoordinationService::Etcd, Lock.Key});
  return Taken;
}

} // namespace locklint::model
