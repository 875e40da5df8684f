//===--- UnboundedAcquireCheck.cpp ----------------------------------------===//

#include "UnboundedAcquireCheck.h"
#include "model/ast/Parents.h"
#include "model/redis/CommandExtractor.h"
#include "model/scopes/AcquireCalls.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/LockAttempts.h"
#include "model/sql/SqlExecutions.h"
#include "model/values/CallRoles.h"
#include "model/values/ExprText.h"
#include "model/values/LoopBounds.h"
#include "model/values/RetryJumps.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// True when \p Condition holds only on a failure of the connection:
/// `rc == ZCONNECTIONLOSS || rc == ZOPERATIONTIMEOUT`. A loop on it sends
/// the request again, and ends on every answer the server gave, a lock
/// held elsewhere included: it waits for the network, not for a holder.
bool onTransportFailureOnly(const Expr *Condition, const ASTContext &Context) {
  if (!Condition)
    return false;
  const Expr *E = Condition->IgnoreParenImpCasts();
  const auto *Binary = dyn_cast<BinaryOperator>(E);
  if (!Binary)
    return false;
  if (Binary->getOpcode() == BO_LOr)
    return onTransportFailureOnly(Binary->getLHS(), Context) &&
           onTransportFailureOnly(Binary->getRHS(), Context);
  if (Binary->getOpcode() != BO_EQ)
    return false;
  llvm::ArrayRef<int64_t> Transport = ZooKeeperModel::builtin().transportFailures();
  return llvm::any_of(std::initializer_list<const Expr *>{Binary->getLHS(), Binary->getRHS()},
                      [&](const Expr *Side) {
                        Expr::EvalResult Value;
                        return !Side->isValueDependent() && Side->EvaluateAsInt(Value, Context) &&
                               llvm::is_contained(Transport, Value.Val.getInt().getExtValue());
                      });
}

bool contains(const Stmt *Outer, const Stmt *Inner) {
  return Inner && anyStmt(Outer, [&](const Stmt *S) { return S == Inner; });
}

/// The statements that contain \p Node, nearest first, through every parent.
std::vector<const Stmt *> enclosingStmts(const Stmt *Node, ASTContext &Context) {
  std::vector<const Stmt *> Found;
  llvm::SmallPtrSet<const void *, 16> Seen;
  std::vector<DynTypedNode> Work{DynTypedNode::create(*Node)};
  while (!Work.empty()) {
    DynTypedNode Current = Work.back();
    Work.pop_back();
    for (const DynTypedNode &Parent : parentsOf(Current, Context)) {
      if (!Seen.insert(Parent.getMemoizationData()).second)
        continue;
      if (const auto *S = Parent.get<Stmt>())
        Found.push_back(S);
      Work.push_back(Parent);
    }
  }
  return Found;
}

/// Reads one retry loop: does anything but the acquire's success end it?
class RetryLoop {
public:
  /// \p Scope, for a loop written without a loop statement (RetryJumps.h),
  /// is what runs again.
  RetryLoop(const Stmt *Loop, const Expr *Acquire, ASTContext &Context,
            llvm::ArrayRef<const Stmt *> Scope = {})
      : Loop(Loop), Acquire(Acquire), Context(Context) {
    // Variables that hold the acquire's result: `ok = acquire()`, and
    // those it answers through (`&held`).
    collectResults(loopParts(Loop).Body);
    collectResults(loopParts(Loop).Condition);
    for (const Stmt *S : Scope)
      collectResults(S);
    if (const auto *Call = dyn_cast<CallExpr>(Acquire))
      for (const Expr *Arg : Call->arguments())
        if (const auto *Address = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
            Address && Address->getOpcode() == UO_AddrOf)
          if (const auto *Ref = dyn_cast<DeclRefExpr>(Address->getSubExpr()->IgnoreParenImpCasts()))
            if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
                Var && Var->getType()->isIntegralOrEnumerationType())
              Results.insert(Var);
    DynTypedNodeList Parents = parentsOf(*Acquire, Context);
    for (DynTypedNode Node = Parents.empty() ? DynTypedNode() : Parents[0];;) {
      if (const auto *Var = Node.get<VarDecl>()) {
        Results.insert(Var);
        break;
      }
      const auto *S = Node.get<Stmt>();
      if (!S || isa<CompoundStmt>(S))
        break;
      DynTypedNodeList Up = parentsOf(Node, Context);
      if (Up.empty())
        break;
      Node = Up[0];
    }
    collectDerived(loopParts(Loop).Body);
    for (const Stmt *S : Scope)
      collectDerived(S);
  }

  /// True when the loop's only exits depend on the acquire alone.
  bool onlySuccessEnds() {
    if (const Expr *Condition = loopParts(Loop).Condition) {
      // `do { ... } while (0)`, the macro idiom, runs once: it retries nothing.
      bool Continues = true;
      if (!Condition->isValueDependent() &&
          Condition->EvaluateAsBooleanCondition(Continues, Context) && !Continues)
        return false;
      if (!dependsOnlyOnAcquire(Condition))
        return false;
    }
    return exitsAreSuccess(loopParts(Loop).Body);
  }

private:
  /// Variables of the loop computed from the result alone: `const bool ok
  /// = reply && reply->type == REDIS_REPLY_STATUS;`, and those computed
  /// from them. The walk does not go in source order: it is repeated until
  /// it finds no more.
  void collectDerived(const Stmt *Root) {
    for (size_t Known = 0; Known != Results.size();) {
      Known = Results.size();
      addDerived(Root);
    }
  }

  void addDerived(const Stmt *Root) {
    anyStmt(Root, [&](const Stmt *S) {
      const auto *Declaration = dyn_cast<DeclStmt>(S);
      if (!Declaration)
        return false;
      for (const Decl *D : Declaration->decls()) {
        const auto *Var = dyn_cast<VarDecl>(D);
        const Expr *Init = Var ? Var->getInit() : nullptr;
        if (!Init || Results.contains(Var))
          continue;
        bool Reads = contains(Init, Acquire) || llvm::any_of(Results, [&](const VarDecl *Result) {
                       return !referencesIn(Init, Result).empty();
                     });
        if (Reads && dependsOnlyOnAcquire(Init))
          Results.insert(Var);
      }
      return false;
    });
  }

  void collectResults(const Stmt *Root) {
    anyStmt(Root, [&](const Stmt *S) {
      if (std::optional<std::pair<const Expr *, const Expr *>> Assign = assignment(S);
          Assign && contains(Assign->second, Acquire))
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Assign->first->IgnoreParenImpCasts()))
          if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
            Results.insert(Var);
      return false;
    });
  }

  /// The two sides of an assignment, built in or a class's own
  /// (`token = lock.acquire()` on a std::string).
  static std::optional<std::pair<const Expr *, const Expr *>> assignment(const Stmt *S) {
    if (const auto *Assign = dyn_cast<BinaryOperator>(S); Assign && Assign->isAssignmentOp())
      return std::pair(Assign->getLHS(), Assign->getRHS());
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
        Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      return std::pair<const Expr *, const Expr *>(Op->getArg(0), Op->getArg(1));
    return std::nullopt;
  }

public:
  /// True when \p Root reads nothing but the acquire's result and constants:
  /// no clock, counter, flag or other call.
  bool dependsOnlyOnAcquire(const Stmt *Root) {
    std::vector<const Stmt *> Work = {Root};
    while (!Work.empty()) {
      const Stmt *E = Work.back();
      Work.pop_back();
      if (!E || E == Acquire)
        continue;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
        const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
        if (Var && !Results.contains(Var))
          return false;
        continue;
      }
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
        // Reading the reply (reply.is_null()) is fine; anything else decides.
        const Expr *Object = Member->getImplicitObjectArgument();
        if (!Object)
          return false;
        Work.push_back(Object);
        continue;
      }
      // A comparison written as an operator call (`left > milliseconds(0)`,
      // `reply == "OK"`) reads its operands, like the built-in one.
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
          Op && (Op->isComparisonOp() || Op->getOperator() == OO_Exclaim)) {
        Work.insert(Work.end(), Op->arg_begin(), Op->arg_end());
        continue;
      }
      // The answer kept as it is tested (`(token = lock.acquire()).empty()`):
      // what is assigned decides.
      if (std::optional<std::pair<const Expr *, const Expr *>> Assign = assignment(E)) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Assign->first->IgnoreParenImpCasts());
        const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
        if (!Var || !Results.contains(Var))
          return false;
        Work.push_back(Assign->second);
        continue;
      }
      // A comparison of texts (`strcmp(reply->str, "OK")`) reads its
      // operands too.
      if (const auto *Call = dyn_cast<CallExpr>(E)) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (!Callee || !Callee->getIdentifier() || !isThreeWayCompareName(Callee->getName()))
          return false; // A call of its own: a clock, a flag, a counter.
        Work.insert(Work.end(), Call->arg_begin(), Call->arg_end());
        continue;
      }
      Work.insert(Work.end(), E->child_begin(), E->child_end());
    }
    return true;
  }

private:
  /// True when every break, return and throw in \p Root that leaves the loop
  /// is guarded by conditions on the acquire alone.
  bool exitsAreSuccess(const Stmt *Root) {
    std::vector<const Stmt *> Work = {Root};
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (!S)
        continue;
      if (isa<BreakStmt, ReturnStmt, CXXThrowExpr, GotoStmt>(S)) {
        if (!guardedByAcquire(S))
          return false;
        continue;
      }
      // A break in a nested loop or switch does not leave this one.
      bool Nested = isa<WhileStmt, DoStmt, ForStmt, CXXForRangeStmt, SwitchStmt>(S);
      for (const Stmt *Child : S->children())
        if (!(Nested && Child && !isa<ReturnStmt>(Child) && containsOnlyBreaks(Child)))
          Work.push_back(Child);
    }
    return true;
  }

  static bool containsOnlyBreaks(const Stmt *S) {
    return !anyStmt(S, [](const Stmt *Inner) { return isa<ReturnStmt, CXXThrowExpr>(Inner); });
  }

  /// True when every if-condition between \p Exit and the loop depends on
  /// the acquire alone; an exit under no condition makes the loop run once.
  bool guardedByAcquire(const Stmt *Exit) {
    bool Guarded = false;
    DynTypedNode Node = DynTypedNode::create(*Exit);
    while (true) {
      DynTypedNodeList Parents = parentsOf(Node, Context);
      if (Parents.empty())
        return false;
      Node = Parents[0];
      const auto *S = Node.get<Stmt>();
      if (!S || S == Loop)
        return Guarded;
      if (const auto *If = dyn_cast<IfStmt>(S)) {
        if (!dependsOnlyOnAcquire(If->getCond()))
          return false;
        Guarded = true;
      }
    }
  }

  const Stmt *Loop;
  const Expr *Acquire;
  ASTContext &Context;
  llvm::DenseSet<const VarDecl *> Results;
};

/// Settings that bound a wait for a lock in PostgreSQL.
bool setsWaitLimit(const SqlStatement &Statement) {
  return Statement.StatementKind == SqlStatement::Set &&
         (Statement.Setting == "lock_timeout" || Statement.Setting == "statement_timeout") &&
         !Statement.SettingValue.empty() && !isZeroTimeout(Statement.SettingValue);
}

/// The blocking lock a statement waits for that a server setting bounds
/// (PostgreSQL's lock_timeout), if any.
std::string blockingLock(const SqlStatement &Statement) {
  for (const SqlStatement::AdvisoryCall &Call : Statement.AdvisoryCalls)
    if (Call.waits() && !Call.Lock->TimeoutArg)
      return Call.Function;
  if (Statement.StatementKind == SqlStatement::LockTable && !Statement.NoWait)
    return "LOCK TABLE";
  return "";
}

/// The call of a statement that is told to wait forever by its own timeout
/// argument (GET_LOCK(name, -1)), if any: no server setting bounds it.
const SqlStatement::AdvisoryCall *foreverByArgument(const SqlStatement &Statement) {
  for (const SqlStatement::AdvisoryCall &Call : Statement.AdvisoryCalls)
    if (Call.waits() && Call.Lock->TimeoutArg)
      return &Call;
  return nullptr;
}

/// Where the timeout of \p Call is written in the source: inside a plain
/// literal that holds the whole SQL text with no escape before it.
std::optional<CharSourceRange> timeoutInSource(const SqlExecution &E,
                                               const SqlStatement::AdvisoryCall &Call,
                                               const SourceManager &SM,
                                               const LangOptions &Lang) {
  if (!E.Text || Call.TimeoutOffset < 0)
    return std::nullopt;
  const auto *Literal = dyn_cast_or_null<StringLiteral>(stripStringWrappers(E.Text));
  if (!Literal || !Literal->isOrdinary() || Literal->getNumConcatenated() != 1 ||
      !Literal->getBeginLoc().isFileID())
    return std::nullopt;
  StringRef Written = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Literal->getSourceRange()), SM, Lang);
  // `"..."` as written, with the same bytes as the value: offsets agree.
  if (Written.size() != Literal->getLength() + 2 || Written.front() != '"' ||
      Written.substr(1, Literal->getLength()) != Literal->getString())
    return std::nullopt;
  unsigned Offset = Call.TimeoutOffset;
  if (Literal->getString().substr(Offset, Call.Timeout.size()) != Call.Timeout)
    return std::nullopt;
  SourceLocation Begin = Literal->getBeginLoc().getLocWithOffset(1 + Offset);
  return CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(Call.Timeout.size()));
}

/// Where a blocking command keeps its timeout and the keys it waits on.
struct BlockingWait {
  size_t Timeout;
  size_t FirstKey;
  size_t EndKey;
};

std::optional<size_t> wordIndex(const RedisCommand &Command, StringRef Word) {
  for (size_t I = 0; I < Command.Args.size(); ++I)
    if (std::optional<std::string> Text = Command.Args[I].text();
        Text && StringRef(*Text).equals_insensitive(Word))
      return I;
  return std::nullopt;
}

std::optional<BlockingWait> blockingWait(const RedisCommand &Command) {
  static constexpr llvm::StringLiteral LastIsTimeout[] = {"BLPOP", "BRPOP", "BZPOPMIN",
                                                          "BZPOPMAX", "BRPOPLPUSH", "BLMOVE"};
  size_t Size = Command.Args.size();
  if (llvm::is_contained(LastIsTimeout, Command.Name) && Size >= 2)
    return BlockingWait{Size - 1, 0, Size - 1};
  // BLMPOP timeout numkeys key [key ...] ...: keys counted by numkeys.
  if ((Command.is("BLMPOP") || Command.is("BZMPOP")) && Size >= 3) {
    unsigned Keys = 0;
    std::optional<std::string> Count = Command.Args[1].text();
    if (!Count || StringRef(*Count).getAsInteger(10, Keys) || 2 + Keys > Size)
      return std::nullopt;
    return BlockingWait{0, 2, 2 + Keys};
  }
  // XREAD [COUNT n] BLOCK ms STREAMS key [key ...] id [id ...].
  if (Command.is("XREAD") || Command.is("XREADGROUP")) {
    std::optional<size_t> Block = wordIndex(Command, "BLOCK");
    std::optional<size_t> Streams = wordIndex(Command, "STREAMS");
    if (!Block || !Streams || *Block + 1 >= Size || *Streams + 1 >= Size)
      return std::nullopt;
    size_t Keys = (Size - *Streams - 1) / 2;
    return BlockingWait{*Block + 1, *Streams + 1, *Streams + 1 + Keys};
  }
  return std::nullopt;
}

/// Where a timeout can be prepended to the call's SQL: just inside the
/// opening quote of a plain literal sent as one simple query, whose
/// statements then share one transaction and so the SET LOCAL.
std::optional<SourceLocation> simpleQueryStart(const SqlExecution &E,
                                               const SourceManager &SM) {
  if (!E.SimpleQuery || !E.Text)
    return std::nullopt;
  const auto *Literal = dyn_cast_or_null<StringLiteral>(stripStringWrappers(E.Text));
  if (!Literal || !Literal->isOrdinary() || Literal->getNumConcatenated() != 1 ||
      !Literal->getBeginLoc().isFileID() || *SM.getCharacterData(Literal->getBeginLoc()) != '"')
    return std::nullopt; // Not `"..."` as written: a raw string, a macro.
  return Literal->getBeginLoc().getLocWithOffset(1);
}

bool isZero(const CommandWord &Word) {
  std::optional<std::string> Text = Word.text();
  return Text && *Text == "0";
}

/// `WAIT numreplicas 0`, sent from C++: it blocks until the replicas answer,
/// forever when one is down.
bool waitsForReplicasForever(const RedisCommand *Command) {
  return Command->is("WAIT") && !Command->InScript && Command->Args.size() == 2 &&
         isZero(Command->Args[1]);
}

constexpr llvm::StringLiteral DefaultLockTimeout = "5s";
constexpr llvm::StringLiteral DeadlineAdvice =
    "end the loop at a deadline (std::chrono::steady_clock) or after a number of attempts, "
    "then fail or back off";
constexpr llvm::StringLiteral RetryAdvice =
    "stop trying again at a deadline (a clock read before the first try) or after a number of "
    "attempts, then fail or back off";
constexpr llvm::StringLiteral DefaultWaitSeconds = "10";

bool isPositiveCount(StringRef Text) {
  unsigned Value = 0;
  return !Text.getAsInteger(10, Value) && Value > 0 && Text.front() != '0';
}

} // namespace

UnboundedAcquireCheck::UnboundedAcquireCheck(StringRef Name, ClangTidyContext *Context)
    : AcquireCheckBase(Name, Context),
      SuggestedLockTimeout(Options.get("SuggestedLockTimeout", DefaultLockTimeout)),
      SuggestedWaitSeconds(Options.get("SuggestedWaitSeconds", DefaultWaitSeconds)) {
  if (!isPositiveCount(SuggestedWaitSeconds)) {
    configurationDiag("invalid SuggestedWaitSeconds '%0': use a whole number of seconds "
                      "above 0, such as 10")
        << SuggestedWaitSeconds;
    SuggestedWaitSeconds = DefaultWaitSeconds.str();
  }
  if (!isPlainDuration(SuggestedLockTimeout)) {
    configurationDiag("invalid SuggestedLockTimeout '%0': %1")
        << SuggestedLockTimeout << PlainDurationHint;
    SuggestedLockTimeout = DefaultLockTimeout.str();
  }
}

void UnboundedAcquireCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  AcquireCheckBase::storeOptions(Opts);
  Options.store(Opts, "SuggestedLockTimeout", SuggestedLockTimeout);
  Options.store(Opts, "SuggestedWaitSeconds", SuggestedWaitSeconds);
}

void UnboundedAcquireCheck::registerMoreMatchers(MatchFinder *Finder) {
  // SQL, ZooKeeper, etcd and the lock APIs of model files.
  AcquireCheckBase::registerMoreMatchers(Finder);
  // One matcher per kind of loop: a matcher of any statement would be tried
  // on every expression of the unit.
  Finder->addMatcher(whileStmt(unless(isExpansionInSystemHeader())).bind("loop"), this);
  Finder->addMatcher(doStmt(unless(isExpansionInSystemHeader())).bind("loop"), this);
  Finder->addMatcher(forStmt(unless(isExpansionInSystemHeader())).bind("loop"), this);
  // And retries written as a jump back (RetryJumps.h).
  Finder->addMatcher(gotoStmt(unless(isExpansionInSystemHeader())).bind("goto"), this);
  // A function that calls itself: its body is walked once, here, rather
  // than each call walking up to its function.
  Finder->addMatcher(functionDecl(isDefinition(), unless(isExpansionInSystemHeader()))
                         .bind("function"),
                     this);
  // Waits that only a notify ends: a condition variable's wait without a
  // timeout, pthread_cond_wait, sem_wait.
  using Names = std::vector<std::string>;
  CallDispatch &Calls = reading()->spelledCalls();
  CallTest ConditionWait = Calls.callsMethodOf(
      std::make_shared<const NameSet>(
          Names{"::std::condition_variable", "::std::condition_variable_any"}),
      std::make_shared<const NameSet>(Names{"wait"}));
  CallTest BlockingWait =
      Calls.callsOneOf(std::make_shared<const NameSet>(Names{"::pthread_cond_wait", "::sem_wait"}));
  Calls.add(*Finder, "untimed-wait",
            CallDispatch::outsideSystemHeaders(
                [ConditionWait, BlockingWait](const CallExpr &Call, ASTContext &Context) {
                  return ConditionWait(Call, Context) || BlockingWait(Call, Context);
                }),
            this);
  // RedMutex::lock() retries forever, called directly or by a guard.
  Calls.add(*Finder, "red-mutex-lock",
            CallDispatch::outsideSystemHeaders(Calls.callsMethodOf(
                std::make_shared<const NameSet>(Names{"::sw::redis::RedMutex"}),
                std::make_shared<const NameSet>(Names{"lock"}))),
            this);
  Finder->addMatcher(
      cxxConstructExpr(hasType(cxxRecordDecl(hasAnyName("::std::lock_guard", "::std::unique_lock",
                                                        "::std::scoped_lock"))),
                       argumentCountIs(1),
                       hasArgument(0, hasType(cxxRecordDecl(hasName("::sw::redis::RedMutex")))),
                       unless(isExpansionInSystemHeader()))
          .bind("red-mutex-guard"),
      this);
}

void UnboundedAcquireCheck::checkMore(const MatchFinder::MatchResult &Result) {
  if (const auto *Loop = Result.Nodes.getNodeAs<Stmt>("loop"))
    Loops.push_back(Loop);
  else if (Result.Nodes.getNodeAs<Stmt>("goto"))
    JumpsBack = true;
  else if (const auto *Function = Result.Nodes.getNodeAs<FunctionDecl>("function");
           Function && !JumpsBack && Function->getBody())
    JumpsBack = anyOwnStmt(Function->getBody(), [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
      return Callee && Callee->getCanonicalDecl() == Function->getCanonicalDecl();
    });
  else if (const auto *Wait = Result.Nodes.getNodeAs<CallExpr>("untimed-wait"))
    UntimedWaits.push_back(Wait);
  else if (const auto *Lock = Result.Nodes.getNodeAs<Expr>("red-mutex-lock"))
    RedMutexLocks.push_back(Lock);
  else if (const auto *Guard = Result.Nodes.getNodeAs<Expr>("red-mutex-guard"))
    RedMutexLocks.push_back(Guard);
}

namespace {

/// How a message names the lock \p Site takes: its key, or for a lock the
/// database server keeps, the server's lock function and its key.
std::string lockNamed(const AcquireSite &Site, const LockIndex &Index) {
  if (Site.Command)
    return Index.keyDisplay(Site.Command->Args[0]);
  if (Site.SqlLock)
    return Site.SqlLock->constantKey()
               ? Site.SqlLock->Lock->Display + "(" + Site.SqlLock->Key + ")"
               : Site.SqlLock->Lock->Display;
  if (!Site.KeyText.empty())
    return Site.KeyText;
  if (Site.Key) {
    std::optional<std::string> Text = constantText(Site.Key, Index.context());
    return Text ? *Text : sourceText(Site.Key, Index.context());
  }
  const auto *Call = dyn_cast<CallExpr>(Site.Call);
  return Call ? calleeName(Call).str() : std::string("the lock");
}

} // namespace

void UnboundedAcquireCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  const std::vector<SqlExecution> &Executions = sqlExecutions(Context);
  // The acquire sites matter to retry loops and to a WAIT for replicas
  // only: a unit with neither, as most are, does without the search.
  bool WaitsForReplicas = llvm::any_of(Index.commands(), waitsForReplicasForever);
  // The lock APIs of model files and other units: a service's own try-lock
  // retried in a loop. ZooKeeper's and etcd's own calls have waits of their
  // own, read below from what this reading leaves in acquireCalls().
  const std::vector<LockApiCall> &AllApiCalls = lockApiCalls(Context);
  // The sites point into these calls: they live as long as the sites.
  std::vector<LockApiCall> ApiCalls;
  std::vector<AcquireSite> Sites;
  if (!Loops.empty() || WaitsForReplicas || JumpsBack) {
    ApiCalls = AllApiCalls; // a copy: narrowed below
    llvm::erase_if(ApiCalls, [&](const LockApiCall &Api) {
      const FunctionDecl *Callee = Api.Call->getDirectCallee();
      return Api.Service != CoordinationService::None &&
             !(Callee && lockApis().Acquires.count(Callee->getQualifiedNameAsString()));
    });
    Sites = findAcquireSites(Index, Executions, helperCalls(), ApiCalls);
    // A take that waits is reported as one below, not as a loop's attempt.
    llvm::erase_if(Sites, [](const AcquireSite &Site) { return Site.Blocking; });
  }

  // Retry loops whose only exit is success. The loops around each acquire
  // are found by walking up from it, which costs the depth of the code, not
  // the number of loops times the number of acquires.
  llvm::DenseMap<const Stmt *, std::vector<const AcquireSite *>> SitesInLoop;
  for (const Stmt *Loop : Loops)
    SitesInLoop[Loop];
  for (const AcquireSite &Site : Sites)
    for (const Stmt *Loop : enclosingStmts(Site.Call, Context))
      if (auto It = SitesInLoop.find(Loop); It != SitesInLoop.end())
        It->second.push_back(&Site);
  llvm::DenseSet<const Stmt *> Reported;
  for (const Stmt *Loop : Loops)
    for (const AcquireSite *Site : SitesInLoop[Loop]) {
      if (!RetryLoop(Loop, Site->Call, Context).onlySuccessEnds())
        continue;
      Reported.insert(Loop);
      diag(Loop->getBeginLoc(), "this loop waits for lock '%0' with no deadline and no limit "
                                "on attempts: one stuck holder blocks every waiter")
          << lockNamed(*Site, Index);
      diag(Site->Call->getBeginLoc(), "acquire attempted here", DiagnosticIDs::Note);
      diag(Loop->getBeginLoc(), DeadlineAdvice,
           DiagnosticIDs::Note);
      break;
    }

  if (JumpsBack)
    reportRetryJumps(Sites, Index);
  reportUnreadAttempts(Context, Sites, Reported);

  // SQL that blocks until a lock is free, with no lock_timeout set before.
  // Where each function sets a wait limit, per connection.
  std::map<std::pair<const FunctionDecl *, std::string>, std::vector<SourceLocation>> LimitsSet;
  for (const SqlExecution &E : Executions)
    if (llvm::any_of(E.Statements, setsWaitLimit))
      LimitsSet[{E.Function, E.Connection}].push_back(E.Call->getBeginLoc());
  for (const SqlExecution &E : Executions) {
    auto Limits = LimitsSet.find({E.Function, E.Connection});
    bool Limited =
        Limits != LimitsSet.end() && llvm::any_of(Limits->second, [&](SourceLocation Earlier) {
          return isBefore(Context.getSourceManager(), Earlier, E.Call->getBeginLoc());
        });
    for (const SqlStatement &Statement : E.Statements)
      if (const SqlStatement::AdvisoryCall *Forever = foreverByArgument(Statement)) {
        diagAt(E.Call, "'%0' with timeout %1 waits for %select{its %2|%2 %3}4 forever on MySQL, "
                       "and MariaDB answers NULL without taking it")
            << Forever->Lock->Display << Forever->Timeout << Forever->Lock->Noun << Forever->Key
            << Forever->constantKey();
        auto Note = diag(E.Call->getBeginLoc(),
                         "give it a timeout in seconds, such as %0, and test its answer: 1 "
                         "when the lock was taken",
                         DiagnosticIDs::Note)
                    << SuggestedWaitSeconds;
        if (auto Range = timeoutInSource(E, *Forever, Context.getSourceManager(),
                                         Context.getLangOpts()))
          Note << FixItHint::CreateReplacement(*Range, SuggestedWaitSeconds);
        break;
      }
    for (const SqlStatement &Statement : E.Statements) {
      Limited = Limited || setsWaitLimit(Statement);
      std::string Lock = blockingLock(Statement);
      if (Lock.empty() || Limited)
        continue;
      diagAt(E.Call, "'%0' waits for the lock with no bound; no lock_timeout is "
                                  "set on this connection first")
          << Lock;
      auto Note = diag(E.Call->getBeginLoc(),
                       "run \"SET lock_timeout = '%0'\" before it, or use "
                       "pg_try_advisory_lock in a loop with a deadline",
                       DiagnosticIDs::Note)
                  << SuggestedLockTimeout;
      if (std::optional<SourceLocation> Start = simpleQueryStart(E, Context.getSourceManager()))
        Note << FixItHint::CreateInsertion(
            *Start, "SET LOCAL lock_timeout = '" + SuggestedLockTimeout + "'; ");
      break;
    }
  }

  // Blocking Redis commands with timeout 0 on lock keys.
  for (const RedisCommand *Command : Index.commands()) {
    std::optional<BlockingWait> Wait = blockingWait(*Command);
    if (!Wait || Command->InScript || !isZero(Command->Args[Wait->Timeout]))
      continue;
    std::optional<size_t> LockKey;
    for (size_t I = Wait->FirstKey; I < Wait->EndKey && !LockKey; ++I)
      if (Index.isLockKey(*Command, I))
        LockKey = I;
    if (!LockKey)
      continue; // A work-queue consumer may wait forever.
    diagAt(Command->Call, "'%0' with timeout 0 waits for lock '%1' forever")
        << Command->Name << Index.keyDisplay(Command->Args[*LockKey]);
  }

  // WAIT numreplicas 0 next to an acquire: blocks forever when a replica is down.
  for (const RedisCommand *Command : Index.commands()) {
    if (!waitsForReplicasForever(Command))
      continue;
    auto Acquire = llvm::find_if(Sites, [&](const AcquireSite &Site) {
      return Site.Function == Command->Function && Site.Command;
    });
    if (Acquire == Sites.end())
      continue;
    diagAt(Command->Call, "'WAIT' with timeout 0 waits forever for replicas to "
                                       "confirm lock '%0'; give it a timeout in milliseconds")
        << Index.keyDisplay(Acquire->Command->Args[0]);
  }

  // redis-plus-plus RedMutex::lock() retries until it succeeds.
  for (const Expr *Lock : RedMutexLocks)
    diagAt(Lock, "'RedMutex::lock()' retries until it gets the lock, with no "
                              "deadline; use try_lock_for() with a timeout");

  reportZooKeeperWaits(Context, acquireCalls().zooKeeper());
  reportEtcdWaits(acquireCalls().etcd());
  Loops.clear();
  JumpsBack = false;
  UntimedWaits.clear();
  RedMutexLocks.clear();
}

void UnboundedAcquireCheck::reportRetryJumps(llvm::ArrayRef<AcquireSite> Sites,
                                             const LockIndex &Index) {
  ASTContext &Context = Index.context();
  llvm::DenseSet<const Stmt *> Reported;
  for (const AcquireSite &Site : Sites) {
    if (!Site.Function)
      continue;
    for (const RetryJump &Jump : retryJumps(Site.Call, *Site.Function, Context)) {
      if (Jump.Guards.empty() || Reported.contains(Jump.Retry) ||
          llvm::any_of(Jump.Region,
                       [&](const Stmt *S) { return hasVisibleBound(S, Jump.Retry); }))
        continue;
      RetryLoop Reader(Jump.Retry, Site.Call, Context, Jump.Region);
      if (!llvm::all_of(Jump.Guards,
                        [&](const Expr *Guard) { return Reader.dependsOnlyOnAcquire(Guard); }))
        continue;
      Reported.insert(Jump.Retry);
      bool Recursion = isa<CallExpr>(Jump.Retry);
      diag(Jump.Retry->getBeginLoc(),
           "this %select{goto|call of '%1' itself}0 tries lock '%2' again with no deadline and "
           "no limit on attempts: one stuck holder blocks every waiter")
          << Recursion << (Recursion ? calleeName(cast<CallExpr>(Jump.Retry)).str() : "")
          << lockNamed(Site, Index);
      diag(Site.Call->getBeginLoc(), "acquire attempted here", DiagnosticIDs::Note);
      diag(Jump.Retry->getBeginLoc(), RetryAdvice, DiagnosticIDs::Note);
    }
  }
}

void UnboundedAcquireCheck::reportUnreadAttempts(ASTContext &Context,
                                                 llvm::ArrayRef<AcquireSite> Sites,
                                                 const llvm::DenseSet<const Stmt *> &Reported) {
  LockAttempts Attempts(clientModel(), lockWords());
  llvm::DenseSet<const Expr *> Known;
  for (const AcquireSite &Site : Sites)
    Known.insert(Site.Call);
  for (const Stmt *Loop : Loops) {
    if (Reported.contains(Loop))
      continue;
    const CallExpr *Retried = nullptr;
    std::optional<LockAttemptEvidence> Why;
    anyStmt(Loop, [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      if (!Call || Known.contains(Call))
        return false;
      Why = Attempts.evidenceFor(Call);
      if (Why && RetryLoop(Loop, Call, Context).onlySuccessEnds())
        Retried = Call;
      return Retried != nullptr;
    });
    if (!Retried)
      continue;
    diag(Loop->getBeginLoc(), "this loop retries '%0' with no deadline and no limit on "
                              "attempts: one stuck holder of the lock blocks every waiter")
        << calleeName(Retried);
    diag(Why->Handed->getBeginLoc(), HandedNote, DiagnosticIDs::Note)
        << calleeName(Why->Attempt) << (Why->What == LockAttemptEvidence::Lease);
    diag(Loop->getBeginLoc(), DeadlineAdvice, DiagnosticIDs::Note);
  }
}

void UnboundedAcquireCheck::reportEtcdWaits(llvm::ArrayRef<EtcdCall> Calls) {
  for (const EtcdCall &Lock : Calls) {
    if (!(Lock.is(EtcdMethod::Lock) || Lock.is(EtcdMethod::LockWithLease)) ||
        !Lock.ClientBuiltHere)
      continue;
    bool Bounded = llvm::any_of(Calls, [&](const EtcdCall &Other) {
      return Other.is(EtcdMethod::Timeout) && Other.Client == Lock.Client;
    });
    if (Bounded)
      continue;
    diagAt(Lock.Call, "'%0' waits for etcd lock '%1' with no bound: no gRPC timeout is set on "
                      "this client, and a holder that never unlocks blocks it forever")
        << Lock.Call->getMethodDecl()->getName() << Lock.Key;
    diag(Lock.Call->getBeginLoc(), "set one with set_grpc_timeout(std::chrono::seconds(10)) "
                                   "on the client; the lock then answers an error in time",
         DiagnosticIDs::Note);
  }
}

namespace {

/// True when \p Pattern has no text of its own: "{}", "{}/{}".
bool wholePathAtRunTime(llvm::StringRef Pattern) {
  std::string Rest = Pattern.str();
  for (size_t At; (At = Rest.find("{}")) != std::string::npos;)
    Rest.erase(At, 2);
  return llvm::all_of(Rest, [](char C) { return C == '/'; });
}

} // namespace

std::pair<const ZooCall *, const CallExpr *> UnboundedAcquireCheck::lockLookThroughHelper(
    const Stmt *Loop, const llvm::DenseMap<const FunctionDecl *, const ZooCall *> &LockLooks,
    ASTContext &Context) const {
  std::pair<const ZooCall *, const CallExpr *> Found{nullptr, nullptr};
  anyStmt(Loop, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !Callee->getIdentifier() || !Callee->getDefinition())
      return false;
    const ZooCall *Look = LockLooks.lookup(Callee->getDefinition());
    if (!Look || !RetryLoop(Loop, Call, Context).onlySuccessEnds())
      return false;
    Found = {Look, Call};
    return true;
  });
  return Found;
}

void UnboundedAcquireCheck::reportZooKeeperWaits(ASTContext &Context,
                                                 const ZooKeeperCalls &ZooCalls) {
  // Its watches on nodes whose whole path comes at run time (a parameter,
  // a member) are the lock's when the unit takes its locks by the recipe.
  bool Recipe = ZooCalls.queuesAndListsTurns();
  llvm::DenseSet<const FieldDecl *> LockNodeMembers = lockNodeMembers(ZooCalls);
  auto IsLockWatch = [&](const ZooCall &Call) {
    return lockWords().matchesAnyWord(Call.PathPattern) || Call.namesLock(lockWords()) ||
           (Recipe && Call.is(ZooFunction::Watch) && wholePathAtRunTime(Call.PathPattern)) ||
           namesNodeThrough(Call, LockNodeMembers);
  };
  // The first wait in \p Within that only a notify ends: where the waiter
  // blocks for good.
  auto UntimedWaitIn = [&](const Stmt *Within) -> const CallExpr * {
    for (const CallExpr *Wait : UntimedWaits)
      if (contains(Within, Wait))
        return Wait;
    return nullptr;
  };
  // The first look at a lock's nodes in each function, found once.
  llvm::DenseMap<const FunctionDecl *, const ZooCall *> LockLooks;
  for (const ZooCall &Call : ZooCalls.calls())
    if (Call.Function && Call.is(ZooFunction::Watch) && IsLockWatch(Call))
      LockLooks.try_emplace(Call.Function, &Call);
  llvm::SmallPtrSet<const CallExpr *, 4> Reported;
  for (const Stmt *Loop : Loops) {
    // A look at a lock's nodes (exists, get_children) or a take of one.
    const ZooCall *Wait = nullptr;
    for (const ZooCall &Call : ZooCalls.calls())
      if (!Wait && (Call.is(ZooFunction::Watch) || Call.is(ZooFunction::Create)) &&
          IsLockWatch(Call) && contains(Loop, Call.Call))
        Wait = &Call;
    // Or a retry of the program's own function that looks at them: the
    // loop ends only when that function answers yes.
    const CallExpr *Through = nullptr;
    if (!Wait)
      std::tie(Wait, Through) = lockLookThroughHelper(Loop, LockLooks, Context);
    if (!Wait || hasVisibleBound(Loop) || endsOnlyFromOutside(Loop))
      continue;
    if (Wait->is(ZooFunction::Create) && onTransportFailureOnly(loopParts(Loop).Condition, Context))
      continue;
    const CallExpr *Blocks = UntimedWaitIn(Loop);
    if (Blocks)
      Reported.insert(Blocks);
    SourceLocation At = Blocks ? Blocks->getBeginLoc() : Loop->getBeginLoc();
    diag(At, "this loop waits for ZooKeeper lock node '%0' with no deadline and no limit on "
             "attempts: a holder that never lets go blocks every waiter")
        << Wait->PathDisplay;
    if (Through)
      diag(Through->getBeginLoc(), "each attempt calls '%0', which looks at the lock's nodes",
           DiagnosticIDs::Note)
          << Through->getDirectCallee()->getName();
    diag(Wait->Call->getBeginLoc(), "the lock's node is looked at here", DiagnosticIDs::Note);
    if (Blocks)
      diag(Loop->getBeginLoc(), "the loop that tries again starts here", DiagnosticIDs::Note);
    diag(At, DeadlineAdvice, DiagnosticIDs::Note);
  }
  // `cv.wait(lock, predicate)` is itself a loop until the predicate holds
  // (the standard defines it so): after a watch of the lock's node in the
  // same function, it waits for the holder with no bound.
  for (const CallExpr *Blocks : UntimedWaits) {
    const auto *Member = dyn_cast<CXXMemberCallExpr>(Blocks);
    if (Reported.contains(Blocks) || !Member || Member->getNumArgs() != 2)
      continue;
    const FunctionDecl *Function = enclosingFunction(Blocks, Context);
    const ZooCall *Watch = nullptr;
    for (const ZooCall &Call : ZooCalls.calls())
      if (!Watch && Call.Function == Function && Call.is(ZooFunction::Watch) && IsLockWatch(Call) &&
          isBefore(Context.getSourceManager(), Call.Call->getEndLoc(), Blocks->getBeginLoc()))
        Watch = &Call;
    if (!Watch)
      continue;
    diag(Blocks->getBeginLoc(), "this wait for ZooKeeper lock node '%0' has no deadline: a "
                                "holder that never lets go blocks it forever")
        << Watch->PathPattern;
    diag(Watch->Call->getBeginLoc(), "the lock's node is watched here", DiagnosticIDs::Note);
    diag(Blocks->getBeginLoc(), "wait with wait_for or wait_until and a timeout, then fail or "
                                "retry",
         DiagnosticIDs::Note);
  }
}

} // namespace clang::tidy::distlock
