//===--- DistributedLockScopes.cpp - where a distributed lock is held -----===//

#include "model/scopes/DistributedLockScopes.h"
#include "model/ast/Parents.h"
#include "model/project/OfferedLockApis.h"
#include "model/scopes/AnswerCases.h"
#include "model/redis/LockWords.h"
#include "model/scopes/LockAttempts.h"
#include "model/scopes/LockObjects.h"
#include "model/scopes/OutcomeTests.h"
#include "model/scopes/ReplyClasses.h"
#include "model/sql/ResultShape.h"
#include "model/values/AnswerRun.h"
#include "model/values/ObjectFields.h"
#include "model/values/BlockReferences.h"
#include "model/values/CallKeepers.h"
#include "model/values/CallRoles.h"
#include "model/values/ExprText.h"
#include "model/values/LoopBounds.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <set>

using namespace clang;

namespace locklint::model {
namespace {

/// True when \p Call is named as letting a lock go (`unlock`,
/// `releaseLock`).
bool namedAsLetGo(const CallExpr *Call) { return isLetGoName(calleeName(Call)); }

/// True when \p D is declared in namespace std, however deep: a member of
/// std::unique_lock too.
bool inStd(const Decl *D) {
  for (const DeclContext *Context = D->getDeclContext(); Context; Context = Context->getParent())
    if (Context->isStdNamespace())
      return true;
  return false;
}

/// The statements of \p Block after \p S, one of them; none when \p S is
/// not.
llvm::ArrayRef<Stmt *> statementsAfter(const CompoundStmt *Block, const Stmt *S) {
  llvm::ArrayRef<Stmt *> Body(Block->body_begin(), Block->body_end());
  const auto *It = llvm::find(Body, S);
  return It == Body.end() ? llvm::ArrayRef<Stmt *>() : Body.drop_front(It - Body.begin() + 1);
}

/// What \p Site says of its answer before a test reads it; a variable
/// computed from the answer is read with \p Sql's text only.
AnswerMeaning meaningOf(const AcquireSite *Site,
                        const SqlStatement::AdvisoryCall *Sql = nullptr) {
  AnswerMeaning Meaning;
  if (Site) {
    Meaning.Successes = Site->Successes;
    Meaning.Failures = Site->Failures;
    Meaning.Sql = Site->SqlLock;
  }
  if (!Meaning.Sql)
    Meaning.Sql = Sql;
  return Meaning;
}

/// The field named \p Name of the class whose method \p Call calls.
const FieldDecl *memberNamed(const Expr *Call, llvm::StringRef Name) {
  const auto *Method = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXRecordDecl *Class = Method && Method->getMethodDecl()
                                   ? Method->getMethodDecl()->getParent()
                                   : nullptr;
  if (!Class || !Class->hasDefinition())
    return nullptr;
  for (const FieldDecl *Field : Class->getDefinition()->fields())
    if (Field->getIdentifier() && Field->getName() == Name)
      return Field;
  return nullptr;
}

/// The site of \p Command's call. A function another unit summarized
/// answers what its entry says beyond the reply: its status values, the
/// member it keeps its outcome in.
AcquireSite commandSite(const RedisCommand *Command) {
  AcquireSite Site(Command->Call, Command->Function, Command);
  if (const FunctionSpec *Spec = Command->Spec) {
    Site.Successes = Spec->Successes;
    Site.Failures = Spec->Failures;
    Site.OutcomeArg = Spec->OutcomeArg;
    Site.HoldsOnReturn = Spec->HoldsOnReturn;
    if (!Spec->OutcomeMember.empty())
      Site.OutcomeMember = memberNamed(Command->Call, Spec->OutcomeMember);
  }
  return Site;
}

/// The text of the object \p Call is made on: `lock` in `lock.tryLock()`
/// and `lock->tryLock()`; empty for other calls.
std::string objectText(const Expr *Call, const ASTContext &Context) {
  const auto *Method = dyn_cast<CXXMemberCallExpr>(Call);
  const Expr *Object = Method ? Method->getImplicitObjectArgument() : nullptr;
  return Object ? sourceText(Object->IgnoreParenImpCasts(), Context) : std::string();
}

/// True when \p S reads \p Member of the object named \p Object: the
/// member itself (`lock.held_`), or a call of a method whose body only
/// returns it (`lock.isHeld()`).
bool readsMember(const Stmt *S, const FieldDecl *Member, llvm::StringRef Object,
                 const ASTContext &Context) {
  if (const auto *Read = dyn_cast<MemberExpr>(S))
    return Read->getMemberDecl() == Member &&
           sourceText(Read->getBase()->IgnoreParenImpCasts(), Context) == Object;
  const auto *Call = dyn_cast<CXXMemberCallExpr>(S);
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  const FunctionDecl *Definition = Method ? Method->getDefinition() : nullptr;
  const auto *Body = Definition ? dyn_cast_or_null<CompoundStmt>(Definition->getBody()) : nullptr;
  if (!Body || Body->size() != 1 || objectText(Call, Context) != Object)
    return false;
  const auto *Return = dyn_cast<ReturnStmt>(Body->body_front());
  const auto *Returned = Return && Return->getRetValue()
                             ? dyn_cast<MemberExpr>(Return->getRetValue()->IgnoreParenImpCasts())
                             : nullptr;
  return Returned && Returned->getMemberDecl() == Member;
}

/// The first read in \p Root of \p Member of the object named \p Object.
const Expr *memberRead(const Stmt *Root, const FieldDecl *Member, llvm::StringRef Object,
                       const ASTContext &Context) {
  const Expr *Found = nullptr;
  anyOwnStmt(Root, [&](const Stmt *S) {
    if (readsMember(S, Member, Object, Context))
      Found = cast<Expr>(S);
    return Found != nullptr;
  });
  return Found;
}

/// A test of an expression that reads \p Var.
auto readsVariable(const VarDecl *Var) {
  return [Var](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && Ref->getDecl() == Var;
  };
}

/// True when \p S itself is an assignment to \p Var.
bool assignsDirectly(const Stmt *S, const VarDecl *Var) {
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  const auto *Ref = Assign && Assign->isAssignmentOp()
                        ? dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts())
                        : nullptr;
  return Ref && Ref->getDecl() == Var;
}

/// True when \p S assigns to \p Var.
bool assigns(const Stmt *S, const VarDecl *Var) {
  return anyStmt(S, [&](const Stmt *Inner) { return assignsDirectly(Inner, Var); });
}

/// The variables that carry an acquire's outcome, each with whether its being
/// true means success: the variable the result is kept in, and the ones
/// computed from it (`bool won = reply && reply->type == ...`).
using Carriers = llvm::SmallDenseMap<const VarDecl *, bool, 4>;

} // namespace

/// The wrapper search, the scopes and acquire-unchecked each ask for the test
/// of every acquire site. What the test is depends on the call and on what
/// the site says of its answer, which a wrapper's site may say otherwise than
/// the command's; so a test read for one site is given again only for a
/// site that says the same.
class AcquireTests {
public:
  template <typename ReadFn>
  std::optional<AcquireTest> of(const AcquireSite &Site, ReadFn Read) {
    auto Found = Known.find(Site.Call);
    if (Found != Known.end() && Found->second.readFor(Site))
      return Found->second.Test;
    std::optional<AcquireTest> Test = Read();
    Known.insert_or_assign(Site.Call, Entry{Site.Query, Site.SqlLock, Site.OutcomeMember,
                                            Site.Successes, Site.Failures, Test});
    return Test;
  }

private:
  /// The test, with what the site it was read for said of its answer.
  struct Entry {
    const Expr *Query;
    const SqlStatement::AdvisoryCall *SqlLock;
    const FieldDecl *OutcomeMember;
    std::vector<int64_t> Successes, Failures;
    std::optional<AcquireTest> Test;

    bool readFor(const AcquireSite &Site) const {
      return Query == Site.Query && SqlLock == Site.SqlLock &&
             OutcomeMember == Site.OutcomeMember && Successes == Site.Successes &&
             Failures == Site.Failures;
    }
  };
  llvm::DenseMap<const Expr *, Entry> Known;
};

namespace {

/// How \p Site's reply answers, when \p Kept keeps the hiredis reply of
/// its take itself, from the client or from a function that hands it on.
std::optional<TakeAnswer> replyAnswer(const AcquireSite &Site, const ValueDecl *Kept) {
  const RedisCommand *Take = Site.Command;
  if (!Take || !Kept || !Site.Successes.empty() || Site.HoldsOnReturn ||
      !LockIndex::isAcquire(*Take))
    return std::nullopt;
  const RecordDecl *Reply = pointedRecord(Kept->getType());
  if (!Reply || !Reply->getIdentifier() || Reply->getName() != "redisReply")
    return std::nullopt;
  if (!Take->InScript || Take->ScriptAnswer == ScriptTake::TakeReply)
    return Take->is("SETNX") ? TakeAnswer::Integer : TakeAnswer::Status;
  if (Take->ScriptAnswer == ScriptTake::OtherTruth)
    return std::nullopt;
  return TakeAnswer::Integer;
}

class ScopeFinder {
public:
  /// \p Tests, when given, remembers the tests read for the unit's sites.
  ScopeFinder(const LockIndex &Index, ASTContext &Context, AcquireTests *Tests = nullptr)
      : Index(Index), Context(Context), Tests(Tests) {}

  /// The if-statement that tests an acquire's outcome, and what its
  /// condition being true says.
  std::optional<AcquireTest> testOf(const AcquireSite &Site) {
    return Tests ? Tests->of(Site, [&] { return readTest(Site); }) : readTest(Site);
  }

  std::optional<AcquireTest> readTest(const AcquireSite &Site) {
    const VarDecl *Kept = nullptr;
    Partial = nullptr;
    MixedAt.reset();
    OnlyRan = false;
    if (Site.OutcomeArg)
      return outParameterTest(Site, outcomeVariable(Site));
    if (const VarDecl *Reply = replyOutVariable(Site))
      return outParameterTest(Site, Reply);
    const Stmt *Holder = holderOf(Site, Kept);
    if (!Holder && Site.OutcomeMember)
      return memberTest(Site);
    if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(Holder))
      return switchTest(Site, *Switch);
    const IfStmt *Test = dyn_cast_or_null<IfStmt>(Holder);
    std::optional<bool> Positive;
    if (Test) {
      Positive = conditionSays(Site.Call, Test->getCond(), Context, meaningOf(&Site));
      // `if (PQresultStatus(PQexec(...)) != PGRES_TUPLES_OK) return;`
      std::optional<bool> Ran;
      if (!Positive &&
          asksWhetherRan(Site.Call, Test->getCond(), Context, meaningOf(&Site), Ran)) {
        if (leavesWhenNotRan(*Test, Ran))
          Partial = Test;
        else
          MixedAt = Ran;
        OnlyRan = true;
      } else if (!Positive)
        MixedAt = mixedBranch(
            Test->getCond(), [&](const Expr *E) { return E == Site.Call; }, Context,
            meaningOf(&Site));
      // `if (lock.acquire() == Status::Busy) return;`
      if (!Positive && leaves(Test->getThen()) && !Test->getElse() &&
          !failuresAsked(
               Test->getCond(), [&](const Expr *E) { return E == Site.Call; }, Context,
               meaningOf(&Site))
               .empty())
        Partial = Test;
    } else if (Holder && Kept) {
      const Stmt *Next = nextTest(retryLoopAround(Holder, Kept), Site, Kept, Positive);
      if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(Next))
        return switchTest(Site, *Switch);
      Test = dyn_cast_or_null<IfStmt>(Next);
    }
    return testRead(Test, Positive);
  }

  /// The test read: \p Test, whose condition being true says \p Positive,
  /// or the one that lets failures through (MixedAt, Partial).
  std::optional<AcquireTest> testRead(const IfStmt *Test, std::optional<bool> Positive) {
    // A branch that lets some failures through with the successes.
    if (MixedAt && Test && !Positive) {
      AcquireTest Mixed = AcquireTest::ofIf(Test, *MixedAt);
      Mixed.SomeFailuresOnly = true;
      Mixed.OnlyWhetherRan = OnlyRan;
      return Mixed;
    }
    if (Partial && !Positive) {
      AcquireTest Leaving = AcquireTest::ofIf(Partial, false);
      Leaving.SomeFailuresOnly = true;
      Leaving.OnlyWhetherRan = OnlyRan;
      return Leaving;
    }
    if (!Test || !Positive)
      return std::nullopt;
    return AcquireTest::ofIf(Test, *Positive);
  }

  /// For a call that answers through the variable it is handed (`&held`,
  /// or `&reply` for a function that hands out the reply):
  /// the test of that variable, in the statement of the call (`if
  /// (lock(&held) != 0 || !held)`) or after it. What the call returns is no
  /// answer.
  std::optional<AcquireTest> outParameterTest(const AcquireSite &Site, const VarDecl *Kept) {
    const CompoundStmt *Block = nullptr;
    const Stmt *Holder = Kept ? statementInBlock(Site.Call, Block) : nullptr;
    if (!Holder)
      return std::nullopt;
    std::optional<bool> Positive;
    const auto *Test = dyn_cast<IfStmt>(Holder);
    // `&reply` handed to the call is no read of it.
    bool Read = Test && llvm::any_of(referencesIn(Test->getCond(), Kept), [&](const DeclRefExpr *Ref) {
      return !Site.Call->getSourceRange().fullyContains(Ref->getSourceRange());
    });
    if (Read) {
      Positive = testedOutcome(Test->getCond(), Site, Kept, Carriers{{Kept, true}});
      if (!Positive)
        MixedAt = mixedBranch(Test->getCond(), readsVariable(Kept), Context, meaningOf(&Site));
    } else {
      Test = dyn_cast_or_null<IfStmt>(nextTest(Holder, Site, Kept, Positive));
    }
    return testRead(Test, Positive);
  }

  /// For a call whose answer is dropped, of a method that keeps it in a
  /// member: the first if after the call in its block that asks the
  /// member of the same object (`if (!lock.isHeld()) return;`).
  std::optional<AcquireTest> memberTest(const AcquireSite &Site) {
    std::string Object = objectText(Site.Call, Context);
    const CompoundStmt *Block = nullptr;
    const Stmt *Statement = statementInBlock(Site.Call, Block);
    if (Object.empty() || !Statement)
      return std::nullopt;
    for (const Stmt *Sibling : statementsAfter(Block, Statement)) {
      const auto *Test = dyn_cast<IfStmt>(Sibling);
      const Expr *Read =
          Test ? memberRead(Test->getCond(), Site.OutcomeMember, Object, Context) : nullptr;
      if (!Read)
        continue;
      std::optional<bool> Positive = conditionSays(Read, Test->getCond(), Context, {});
      if (!Positive)
        return std::nullopt;
      return AcquireTest::ofIf(Test, *Positive);
    }
    return std::nullopt;
  }

  /// The test a switch over \p Site's status makes, when its cases name
  /// the values the site answers.
  std::optional<AcquireTest> switchTest(const AcquireSite &Site, const SwitchStmt &Switch) {
    std::optional<SwitchOutcomes> Cases = readSwitch(Switch, Context, meaningOf(&Site));
    if (!Cases || Cases->Held.empty())
      return std::nullopt;
    AcquireTest Test;
    Test.Switch = &Switch;
    Test.Cases = std::move(Cases);
    return Test;
  }

  /// The region of a switch where the lock is held: the run of its one
  /// held case; or, when that case only breaks and every other case leaves
  /// the function, the rest of the block after the switch.
  std::optional<std::pair<SourceLocation, SourceLocation>> heldRegion(const AcquireTest &Tested) {
    const SwitchOutcomes &Cases = *Tested.Cases;
    llvm::SmallVector<unsigned, 2> Held = Cases.stepsOf(Cases.Held);
    if (Held.size() != 1)
      return std::nullopt;
    SwitchOutcomes::Run Run = Cases.runFrom(Held.front());
    const Stmt *First = Cases.Steps[Run.First].S, *Last = Cases.Steps[Run.Last].S;
    bool OthersLeave = llvm::all_of(Cases.stepsOf(Cases.NotHeld), [&](unsigned Step) {
      return !Cases.runFrom(Step).ReachesEnd;
    });
    const Stmt *Body = First;
    while (const auto *Case = dyn_cast<SwitchCase>(Body))
      Body = Case->getSubStmt();
    if (Run.First == Run.Last && Run.ReachesEnd && isa<BreakStmt>(Body) && OthersLeave) {
      const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Tested.Switch, Context));
      if (!Block)
        return std::nullopt;
      return std::make_pair(Tested.Switch->getEndLoc(), Block->getRBracLoc());
    }
    return std::make_pair(Body->getBeginLoc(), Last->getEndLoc());
  }

  /// True when an if-statement tests \p Site's answer, directly or through
  /// the variable that keeps it, in a way no reading made sense of.
  bool testedUnreadably(const AcquireSite &Site) {
    const VarDecl *Kept = nullptr;
    const Stmt *Holder = holderOf(Site, Kept);
    if (isa_and_nonnull<IfStmt, SwitchStmt>(Holder))
      return true;
    const auto *Block =
        Holder ? dyn_cast_or_null<CompoundStmt>(parentStmt(Holder, Context)) : nullptr;
    if (!Block || !Kept)
      return false;
    // Up to a new value for the variable (`reply = redisCommand(...)`).
    bool Tested = false;
    readersAfter(Block, Holder, Carriers{{Kept, true}}, [&](const Stmt *S) {
      const auto *Test = dyn_cast<IfStmt>(S);
      Tested = Test && !referencesIn(Test->getCond(), Kept).empty();
      return Tested || assigns(S, Kept);
    });
    return Tested;
  }

  /// True when \p Site's answer is unpacked into several variables
  /// (`auto [held, token] = take();`, `std::tie(held, token) = take();`):
  /// which part says whether the lock was taken is not known here.
  bool unpacked(const AcquireSite &Site) {
    const VarDecl *Kept = nullptr;
    holderOf(Site, Kept);
    if (isa_and_nonnull<DecompositionDecl>(Kept))
      return true;
    DynTypedNode Node = DynTypedNode::create(*Site.Call);
    while (true) {
      DynTypedNodeList Parents = parentsOf(Node, Context);
      const Expr *Parent = Parents.empty() ? nullptr : Parents[0].get<Expr>();
      if (const auto *Assign = dyn_cast_or_null<CXXOperatorCallExpr>(Parent))
        return Assign->getOperator() == OO_Equal;
      if (!isa_and_nonnull<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                           ExprWithCleanups, CXXConstructExpr, ParenExpr>(Parent))
        return false;
      Node = Parents[0];
    }
  }

  /// The scope an acquire opens, from how its result is tested.
  std::optional<DistributedLockScope> scopeOf(const AcquireSite &Site) {
    if (Site.QueuesForTurn)
      return std::nullopt;
    // A test that lets some failures through still parts the paths that
    // may hold the lock from those that cannot.
    std::optional<AcquireTest> Tested = testOf(Site);
    if (!Tested) {
      if (Site.HoldsOnReturn)
        return heldAfterCall(Site);
      if (std::optional<DistributedLockScope> Waited = heldAfterWait(Site))
        return Waited;
      // A test nobody could read may leave on failure, and so may a test of
      // a part of an unpacked answer: the lock is not known to be held
      // after it.
      if (testedUnreadably(Site) || unpacked(Site))
        return std::nullopt;
      return actedOnScope(Site);
    }
    const IfStmt *Test = Tested->Test;
    std::optional<bool> Positive = Tested->Positive;
    DistributedLockScope Scope;
    Scope.Function = Site.Function;
    Scope.Acquired = (Site.Query ? Site.Query : Site.Call)->getBeginLoc();
    if (Tested->Switch) {
      std::optional<std::pair<SourceLocation, SourceLocation>> Region = heldRegion(*Tested);
      if (!Region)
        return std::nullopt;
      std::tie(Scope.Begin, Scope.End) = *Region;
    } else if (*Positive) {
      Scope.Begin = Test->getThen()->getBeginLoc();
      Scope.End = Test->getThen()->getEndLoc();
    } else if (leaves(Test->getThen())) {
      const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Test, Context));
      if (!Block)
        return std::nullopt;
      Scope.Begin = Test->getEndLoc();
      Scope.End = Block->getRBracLoc();
    } else if (const Stmt *Else = Test->getElse()) {
      Scope.Begin = Else->getBeginLoc();
      Scope.End = Else->getEndLoc();
    } else {
      return std::nullopt;
    }
    describeSite(Scope, Site);
    return Scope;
  }

  /// The fields of \p Scope that come from \p Site, whatever takes the lock.
  void describeSite(DistributedLockScope &Scope, const AcquireSite &Site) {
    describe(Scope, Site.Command, Site.SqlLock);
    if (Site.Service != CoordinationService::None) {
      Scope.Advisory = false;
      Scope.Service = Site.Service;
      Scope.Key = Site.KeyText;
      Scope.KeyId = (serviceName(Site.Service) + ":" + Site.KeyText).str();
    } else if (Site.Key) {
      CommandWord Key;
      Key.Pieces.push_back({constantText(Site.Key, Context), Site.Key, 0});
      Scope.Advisory = false;
      Scope.Key = Index.keyDisplay(Key);
      Scope.KeyId = Index.keyIdentity(Key);
      Scope.KeyWord = std::move(Key);
    }
  }

  /// The statement that holds \p S, through the declaration of a variable
  /// it initializes.
  const Stmt *up(const Stmt *S) {
    if (const Stmt *Parent = parentStmt(S, Context))
      return Parent;
    DynTypedNodeList Parents = parentsOf(*S, Context);
    const auto *Var = Parents.empty() ? nullptr : Parents[0].get<VarDecl>();
    DynTypedNodeList Outer = Var ? parentsOf(*Var, Context) : DynTypedNodeList(DynTypedNode());
    return Var && !Outer.empty() ? Outer[0].get<DeclStmt>() : nullptr;
  }

  /// The statement of a block that \p Call is part of (through a variable
  /// it initializes), or null when an if or a loop steers by its outcome.
  const Stmt *statementInBlock(const Expr *Call, const CompoundStmt *&Block) {
    const Stmt *Statement = Call;
    for (const Stmt *Parent = up(Statement); Parent; Statement = Parent, Parent = up(Parent)) {
      if ((Block = dyn_cast<CompoundStmt>(Parent)))
        return Statement;
      // `if (!exec(&reply, ...)) return;`: the if is the call's statement.
      if (const auto *If = dyn_cast<IfStmt>(Parent); If && If->getCond() == Statement)
        continue;
      if (!isa<Expr, DeclStmt>(Parent))
        return nullptr;
    }
    return nullptr;
  }

  /// For an acquire that a loop retries until it succeeds (`while
  /// (!TryLock()) sleep(1);`, with no break; a deadline may return from
  /// the body): from the loop's end to the
  /// first later statement of its block that lets a lock go, or to the
  /// block's end.
  std::optional<DistributedLockScope> heldAfterWait(const AcquireSite &Site) {
    const Stmt *Loop = parentStmt(Site.Call, Context);
    while (Loop && isa<Expr>(Loop))
      Loop = parentStmt(Loop, Context);
    if (!isa_and_nonnull<WhileStmt, DoStmt>(Loop))
      return std::nullopt;
    // The loop goes on while the acquire failed, and only its condition
    // leads past it: a return or a throw in the body (a deadline) leaves
    // the function instead.
    LoopParts Parts = loopParts(Loop);
    if (conditionSays(Site.Call, Parts.Condition, Context, meaningOf(&Site)) != false)
      return std::nullopt;
    if (leavesBody(Loop, /*Returns=*/false))
      return std::nullopt;
    const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Loop, Context));
    if (!Block)
      return std::nullopt;
    DistributedLockScope Scope = heldFrom(Site, Block, Loop);
    Scope.AfterWait = true;
    return Scope;
  }

  /// The lock of \p Site held after \p Statement of \p Block, until a
  /// later statement lets a lock go or the block ends.
  DistributedLockScope heldFrom(const AcquireSite &Site, const CompoundStmt *Block,
                                const Stmt *Statement) {
    DistributedLockScope Scope;
    Scope.Function = Site.Function;
    Scope.Acquired = Site.Call->getBeginLoc();
    Scope.Begin = Statement->getEndLoc();
    Scope.End = endOfHold(Block, Statement);
    describeSite(Scope, Site);
    return Scope;
  }

  /// Where a lock held from \p Statement of \p Block on is let go: at the
  /// first later statement that calls a function named as letting a lock
  /// go, else at the block's end.
  static SourceLocation endOfHold(const CompoundStmt *Block, const Stmt *Statement) {
    for (const Stmt *Sibling : statementsAfter(Block, Statement))
      if (anyStmt(Sibling, [](const Stmt *S) {
            const auto *Call = dyn_cast<CallExpr>(S);
            return Call && namedAsLetGo(Call);
          }))
        return Sibling->getBeginLoc();
    return Block->getRBracLoc();
  }

  /// For a call of a function that returns only holding the lock: from the
  /// call's statement to the first later one in its block that lets a lock
  /// go, or to the block's end.
  std::optional<DistributedLockScope> heldAfterCall(const AcquireSite &Site) {
    const CompoundStmt *Block = nullptr;
    const Stmt *Statement = statementInBlock(Site.Call, Block);
    if (!Statement)
      return std::nullopt;
    return heldFrom(Site, Block, Statement);
  }

  /// For a Redis acquire whose outcome nobody reads, the code that acts as
  /// the holder anyway: from the acquire's statement to the next one in its
  /// block that deletes the key. The program behaves as if it held the lock
  /// there, so what it writes there is written under it. The acquire may be
  /// a wrapper's that waits inside until it gets the lock.
  std::optional<DistributedLockScope> actedOnScope(const AcquireSite &Site) {
    if (!Site.Command || Site.Service != CoordinationService::None || Site.Command->Args.empty())
      return std::nullopt;
    const CompoundStmt *Block = nullptr;
    const Stmt *Statement = statementInBlock(Site.Call, Block);
    if (!Statement)
      return std::nullopt;
    std::string KeyId = Index.keyIdentity(Site.Command->Args[0]);
    if (KeyId.empty())
      return std::nullopt;
    // The first later statement of the block that deletes the key. The
    // release may sit in a lambda of that statement: a scope guard's.
    std::optional<unsigned> From = Index.blockReferences().positionOf(Block, Statement);
    const SourceManager &SM = Context.getSourceManager();
    llvm::ArrayRef<Stmt *> Body(Block->body_begin(), Block->body_end());
    std::optional<unsigned> First;
    for (const RedisCommand *Command : deletersOf(KeyId)) {
      std::optional<unsigned> Position = positionInBlock(*Command, Block, Body, SM);
      if (From && Position && *Position > *From && (!First || *Position < *First))
        First = Position;
    }
    if (First) {
      const Stmt *Sibling = Block->body_begin()[*First];
      DistributedLockScope Scope;
      Scope.Function = Site.Function;
      Scope.Acquired = Site.Call->getBeginLoc();
      Scope.Begin = Statement->getEndLoc();
      Scope.End = releasesAtBlockEnd(Sibling) ? Block->getRBracLoc() : Sibling->getBeginLoc();
      describe(Scope, Site.Command);
      return Scope;
    }
    return std::nullopt;
  }

  /// The position in \p Block of the statement that holds \p Command's
  /// call: up its parents, and where they end at a lambda's body (a scope
  /// guard's), the statement whose text holds it, found by halving.
  std::optional<unsigned> positionInBlock(const RedisCommand &Command, const CompoundStmt *Block,
                                          llvm::ArrayRef<Stmt *> Body, const SourceManager &SM) {
    const Stmt *Holding = Command.Call;
    const Stmt *Parent = up(Holding);
    for (; Parent && Parent != Block; Parent = up(Parent))
      Holding = Parent;
    if (Parent)
      return Index.blockReferences().positionOf(Block, Holding);
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Command.Function);
    if (!Method || !Method->getParent()->isLambda())
      return std::nullopt;
    SourceLocation At = SM.getExpansionLoc(Command.Call->getBeginLoc());
    const auto *Found = std::partition_point(Body.begin(), Body.end(), [&](const Stmt *S) {
      return isBefore(SM, SM.getExpansionLoc(S->getEndLoc()), At);
    });
    if (Found == Body.end() || isBefore(SM, At, SM.getExpansionLoc((*Found)->getBeginLoc())))
      return std::nullopt;
    return unsigned(Found - Body.begin());
  }

  static bool releasesAtBlockEnd(const Stmt *Statement) {
    return scopeGuardLambda(Statement) != nullptr;
  }

  /// The fields of \p Scope that come from the acquire command.
  void describe(DistributedLockScope &Scope, const RedisCommand *Acquire,
                const SqlStatement::AdvisoryCall *SqlLock = nullptr) {
    Scope.Acquire = Acquire;
    if (!Acquire) {
      Scope.Advisory = true;
      Scope.ServerLock = SqlLock ? SqlLock->Lock : sqlLockFunction("pg_advisory_lock");
      Scope.Key = Scope.ServerLock->Display;
      return;
    }
    Scope.KeyWord = Acquire->Args[0];
    Scope.Key = Index.keyDisplay(Scope.KeyWord);
    Scope.KeyId = Index.keyIdentity(Scope.KeyWord);
    for (size_t I = 2; I + 1 < Acquire->Args.size(); ++I) {
      std::optional<std::string> Option = Acquire->Args[I].text();
      if (!Option || !(llvm::StringRef(*Option).equals_insensitive("PX") ||
                       llvm::StringRef(*Option).equals_insensitive("EX")))
        continue;
      // An argument of the client's own API (a std::chrono duration) says
      // its unit itself; a word of a format string takes the option's.
      const CommandWord &Value = Acquire->Args[I + 1];
      const Expr *Source = Value.soleExpression();
      if (Source && !Value.Pieces.front().Conversion)
        Scope.Ttl = sourceText(Source, Context);
      else if (std::string Shown = Index.keyDisplay(Value);
               Shown.find("{?}") == std::string::npos) // unknown: not said
        Scope.Ttl = Shown + (llvm::StringRef(*Option).equals_insensitive("PX") ? " ms" : " s");
    }
  }

  /// The statement that holds the acquire's result: the if that tests it
  /// right away, or the statement that keeps it in \p Kept (`auto *reply =
  /// acquire(...)`, `reply = acquire(...);`), to be tested later. Null when the
  /// result is dropped or handed to the caller.
  const Stmt *holderOf(const AcquireSite &Site, const VarDecl *&Kept) {
    const Stmt *Previous = Site.Call;
    DynTypedNode Node = DynTypedNode::create(*Site.Call);
    while (true) {
      DynTypedNodeList Parents = parentsOf(Node, Context);
      if (Parents.empty())
        return nullptr;
      Node = Parents[0];
      if (const auto *Var = Node.get<VarDecl>()) {
        Kept = Var;
        continue;
      }
      const auto *S = Node.get<Stmt>();
      if (!S)
        return nullptr;
      if (const auto *Assign = dyn_cast<BinaryOperator>(S);
          Assign && Assign->getOpcode() == BO_Assign && !Kept) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
        Kept = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
        if (!Kept)
          return nullptr;
      }
      if (isa<IfStmt, SwitchStmt>(S) || (Kept && isa<DeclStmt>(S)))
        return S;
      if (isa<CompoundStmt>(S) && Kept)
        return Previous;
      if (isa<CompoundStmt, ReturnStmt>(S))
        return nullptr;
      Previous = S;
    }
  }

  /// The loop around \p Holder that tries again until \p Kept, declared
  /// before it, says the lock is held (`for (...; !locked; ...) locked =
  /// tryLock();`), else \p Holder. Tests of \p Kept inside such a loop only
  /// decide whether to try again; the test after it decides the work.
  const Stmt *retryLoopAround(const Stmt *Holder, const VarDecl *Kept) {
    const SourceManager &SM = Context.getSourceManager();
    for (const Stmt *S = parentStmt(Holder, Context); S; S = parentStmt(S, Context)) {
      const Expr *Condition = nullptr;
      if (const auto *For = dyn_cast<ForStmt>(S))
        Condition = For->getCond();
      else if (const auto *While = dyn_cast<WhileStmt>(S))
        Condition = While->getCond();
      else if (const auto *Do = dyn_cast<DoStmt>(S))
        Condition = Do->getCond();
      else if (isa<LambdaExpr, BlockExpr>(S))
        break;
      if (!Condition)
        continue;
      bool DeclaredBefore =
          SM.isBeforeInTranslationUnit(Kept->getLocation(), S->getBeginLoc());
      return DeclaredBefore && !referencesIn(Condition, Kept).empty() ? S : Holder;
    }
    return Holder;
  }

  /// \p Kept and the variables computed from it after \p Holder in its
  /// block.
  Carriers carriersOf(const Stmt *Holder, const AcquireSite &Site, const VarDecl *Kept) {
    Carriers Found{{Kept, true}};
    Rows.clear();
    if (Site.fetchesAnswer())
      Rows.insert(Kept);
    const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Holder, Context));
    if (!Block)
      return Found;
    readersAfter(Block, Holder, Found, [&](const Stmt *S) {
      addCarrier(S, Site, Kept, Found);
      return false;
    });
    return Found;
  }

  /// Adds to \p Vars the variable \p S declares when its initializer tests
  /// the outcome.
  void addCarrier(const Stmt *S, const AcquireSite &Site, const VarDecl *Kept, Carriers &Vars) {
    // `held = strcmp(PQgetvalue(res, 0, 0), "t") == 0 ? true : false;` into
    // a variable declared before.
    if (const auto *Assign = dyn_cast<BinaryOperator>(S); Assign && Assign->getOpcode() == BO_Assign) {
      const auto *Ref = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
      const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (Var && Var != Kept && Var->hasLocalStorage())
        if (std::optional<bool> Carried = testedOutcome(Assign->getRHS(), Site, Kept, Vars))
          Vars.try_emplace(Var, *Carried);
      return;
    }
    const auto *Declaration = dyn_cast<DeclStmt>(S);
    if (!Declaration || !Declaration->isSingleDecl())
      return;
    const auto *Var = dyn_cast<VarDecl>(Declaration->getSingleDecl());
    if (Var && Var->getInit() && Site.fetchesAnswer() && Var->getType()->isPointerType() &&
        llvm::any_of(Rows, [&](const VarDecl *Rows) {
          return llvm::any_of(referencesIn(Var->getInit(), Rows),
                              [&](const DeclRefExpr *Ref) { return !readsCell(Ref); });
        })) {
      Rows.insert(Var); // MYSQL_ROW row = mysql_fetch_row(answer)
      Vars.try_emplace(Var, true);
      return;
    }
    if (Var && Var->getInit())
      if (std::optional<bool> Carried = testedOutcome(Var->getInit(), Site, Kept, Vars))
        Vars.try_emplace(Var, *Carried);
  }

  /// What \p Condition being true says of the acquire, from the carriers it
  /// reads; std::nullopt when it reads none or they disagree.
  std::optional<bool> testedOutcome(const Expr *Condition, const AcquireSite &Site,
                                    const VarDecl *Kept, const Carriers &Vars) {
    std::optional<bool> Positive;
    for (const auto &[Var, CarrierPositive] : Vars) {
      for (const DeclRefExpr *Ref : referencesIn(Condition, Var)) {
        // That rows came back says nothing; what a cell holds does.
        if (Rows.contains(Var) && !readsCell(Ref))
          continue;
        // Status values compare with the kept result itself only.
        AnswerMeaning Meaning = meaningOf(Var == Kept ? &Site : nullptr, Site.SqlLock);
        std::optional<bool> This = conditionSays(Ref, Condition, Context, Meaning);
        // `PQresultStatus(r) != PGRES_TUPLES_OK || ...`: the error leaves
        // with the refusal; the rest of the test says which is which.
        if (std::optional<bool> Ran; !This && asksWhetherRan(Ref, Condition, Context, Meaning, Ran))
          continue;
        if (!This)
          return std::nullopt;
        bool Means = *This == CarrierPositive;
        if (Positive && *Positive != Means)
          return std::nullopt;
        Positive = Means;
      }
    }
    return Positive;
  }

  /// True when \p Test, of an SQL take's answer, reads it through
  /// \p Vars only to ask how the result came back; \p RanWhenTrue is
  /// then whether its condition being true says the query ran, when every
  /// read says the same.
  bool testsWhetherRan(const IfStmt *Test, const AcquireSite &Site, const VarDecl *Kept,
                      const Carriers &Vars, std::optional<bool> &RanWhenTrue) {
    if (!Site.SqlLock)
      return false;
    bool Asked = false;
    for (const auto &Entry : Vars)
      for (const DeclRefExpr *Ref : referencesIn(Test->getCond(), Entry.first)) {
        std::optional<bool> Ran;
        if (!asksWhetherRan(Ref, Test->getCond(), Context,
                            meaningOf(Entry.first == Kept ? &Site : nullptr, Site.SqlLock), Ran))
          return false;
        RanWhenTrue = !Asked || Ran == RanWhenTrue ? Ran : std::nullopt;
        Asked = true;
      }
    return Asked;
  }

  /// True when \p Test, which asks whether an SQL take's query ran
  /// (\p Ran: on its true branch), leaves when it did not and goes on
  /// when it did (`if (PQresultStatus(r) != PGRES_TUPLES_OK) return -1;`).
  static bool leavesWhenNotRan(const IfStmt &Test, std::optional<bool> Ran) {
    return Ran == false && leaves(Test.getThen()) && !Test.getElse();
  }

  /// The member of the object that a statement after \p Holder in its
  /// block sets to the outcome, true on success (`held_ = reply &&
  /// reply->type == REDIS_REPLY_STATUS;`); null when none does.
  const FieldDecl *memberCarrier(const Stmt *Holder, const AcquireSite &Site, const VarDecl *Kept,
                                 const Carriers &Vars) {
    const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Holder, Context));
    if (!Block)
      return nullptr;
    // The assignment reads a carrier: only the statements that name one.
    const FieldDecl *Found = nullptr;
    readersAfter(Block, Holder, Vars, [&](const Stmt *S) {
      const auto *Assign = dyn_cast<BinaryOperator>(S);
      if (!Assign || Assign->getOpcode() != BO_Assign)
        return false;
      const auto *Member = dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
      const auto *Field = Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
      if (Field && isOwnObject(Member->getBase(), Field) &&
          testedOutcome(Assign->getRHS(), Site, Kept, Vars) == true)
        Found = Field;
      return Found != nullptr;
    });
    return Found;
  }

private:
  /// The first if-statement after \p Holder in its block that tests
  /// \p Kept or a variable computed from it, with the polarity of the test,
  /// or the first switch over \p Kept. A new value for \p Kept before any
  /// test ends the search.
  const Stmt *nextTest(const Stmt *Holder, const AcquireSite &Site, const VarDecl *Kept,
                       std::optional<bool> &Positive) {
    const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Holder, Context));
    if (!Block)
      return nullptr;
    // The carriers grow as the statements after the holder declare them.
    Carriers Vars{{Kept, true}};
    Rows.clear();
    if (Site.fetchesAnswer())
      Rows.insert(Kept);
    // Statements that name no carrier neither test nor replace one.
    const Stmt *Found = nullptr;
    // The failure values no test has left on yet.
    std::vector<int64_t> Remaining = Site.Failures;
    // For a hiredis reply, the kinds of reply no test has left on yet. An
    // error reply (a read-only replica, no memory) is left out: code that
    // leaves on no reply and on the busy answer checks its take, as most
    // code does; those two are what a contended lock answers every day.
    std::optional<TakeAnswer> Answer = replyAnswer(Site, Kept);
    // Whether a test that left asked only whether the SQL ran.
    bool AskedRan = false;
    const unsigned Judged = AllReplies & ~ErrorReply;
    unsigned Replies = Judged;
    readersAfter(Block, Holder, Vars, [&](const Stmt *S) {
      // `switch (status)`: its cases tell the answers apart.
      if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Switch->getCond()->IgnoreParenImpCasts());
        if (Ref && Ref->getDecl() == Kept) {
          Found = Switch;
          return true;
        }
      }
      const auto *Test = dyn_cast<IfStmt>(S);
      if (!Test) {
        if (assigns(S, Kept))
          return true;
        // After a test that left on some replies, the reply read on (`got =
        // r->type == REDIS_REPLY_STATUS;`, `return classify(r);`) carries
        // the answer on: that test was no last word.
        if (Replies != Judged && !freesOnly(S)) {
          Partial = nullptr;
          return true;
        }
        size_t Carried = Vars.size();
        addCarrier(S, Site, Kept, Vars);
        // Likewise after a test that only asked whether the SQL ran:
        // `*acquired = PQgetvalue(r, 0, 0)[0] == 't';`, `*res_out = r;`.
        if (AskedRan && Vars.size() == Carried && !freesOnly(S) && !discardsResultOnly(S)) {
          Partial = nullptr;
          return true;
        }
        return false;
      }
      bool Reads = llvm::any_of(Vars, [&](const auto &Entry) {
        return !referencesIn(Test->getCond(), Entry.first).empty();
      });
      if (!Reads)
        return assigns(S, Kept);
      // `if (reply) freeReplyObject(reply);` decides nothing.
      if (!Test->getElse() && freesOnly(Test->getThen()))
        return false;
      if (std::optional<unsigned> Where =
              Answer && !assigns(S, Kept) && !flagSetIn(Test, Kept).first
                  ? repliesWhere(Test->getCond(), readsVariable(Kept), *Answer, Replies,
                                 Context)
                  : std::nullopt) {
        unsigned True = *Where & Replies, False = Replies & ~*Where;
        if (!True || !False)
          return false; // asks nothing the tests before left open
        bool TakenOnTrue = True & TakenReply;
        if (!((TakenOnTrue ? True : False) & FailedReplies)) {
          Positive = TakenOnTrue;
          Found = Test;
          return true;
        }
        // `if (!reply) return;`: the replies left still hold a failure.
        if (!TakenOnTrue && leaves(Test->getThen()) && !Test->getElse()) {
          Replies = False;
          if (!Partial)
            Partial = Test;
          return false;
        }
        // A branch that asks again (`else if (...)`) tells them apart later.
        const Stmt *WithTaken = TakenOnTrue ? Test->getThen() : Test->getElse();
        if (!WithTaken || referencesIn(WithTaken, Kept).empty()) {
          MixedAt = TakenOnTrue;
          OnlyRan = false;
          Found = Test;
          return true;
        }
      }
      Positive = testedOutcome(Test->getCond(), Site, Kept, Vars);
      // `if (reply && ...) got = 1;`: a flag that says the outcome, tested
      // later.
      if (const auto [Flag, Set] = flagSetIn(Test, Kept); Positive && Flag && !assigns(S, Kept)) {
        Vars.try_emplace(Flag, Set == *Positive);
        return false;
      }
      // A test that rows came back is not the lock's answer: read on.
      if (!Positive && Site.fetchesAnswer() && !assigns(S, Kept))
        return false;
      // A test of how the result of an SQL take came back says only that
      // the query ran: leaving on it leaves on errors and lets a refusal
      // through, and a later test of the text may tell them apart.
      if (std::optional<bool> Ran;
          !Positive && !assigns(S, Kept) && testsWhetherRan(Test, Site, Kept, Vars, Ran)) {
        if (leavesWhenNotRan(*Test, Ran)) {
          if (!Partial) {
            Partial = Test;
            OnlyRan = true;
          }
          AskedRan = true;
          return false;
        }
        MixedAt = Ran;
        OnlyRan = Ran.has_value();
        Found = Ran ? Test : nullptr;
        return true;
      }
      // `if (st != kBusy) { work(); }`: the work runs on kError too, and
      // so it does when that branch returns after it. A branch that leaves
      // on some failures lets the others on (below).
      if (!Positive && !assigns(S, Kept))
        if (std::optional<bool> Mixed = mixedBranch(Test->getCond(), readsVariable(Kept),
                                                    Context, meaningOf(&Site));
            Mixed && (*Mixed || !(leaves(Test->getThen()) && !Test->getElse()))) {
          MixedAt = Mixed;
          OnlyRan = false;
          Found = Test;
          return true;
        }
      // A test of one answer among several that leaves on it (`if (rc ==
      // ZNODEEXISTS) return 1;`): the code after it still holds the others,
      // and a later test tells them apart.
      if (!Positive && !Site.Failures.empty() && leaves(Test->getThen()) && !Test->getElse() &&
          !assigns(S, Kept)) {
        // Once every failure has left, the lock is held.
        for (int64_t Asked :
             failuresAsked(Test->getCond(), readsVariable(Kept), Context, meaningOf(&Site)))
          llvm::erase(Remaining, Asked);
        if (Remaining.empty()) {
          Positive = false;
          Found = Test;
          return true;
        }
        if (!Partial && Remaining.size() < Site.Failures.size())
          Partial = Test;
        return false;
      }
      Found = Positive ? Test : nullptr;
      return true;
    });
    if (Found)
      Partial = nullptr;
    return Found;
  }

  /// For an if with no else whose branch only sets a local flag to a
  /// constant (`got = 1;`), other than the one it starts with: the flag,
  /// and whether the branch makes it true.
  std::pair<const VarDecl *, bool> flagSetIn(const IfStmt *Test, const VarDecl *Kept) {
    const Stmt *Branch = Test->getThen();
    if (const auto *Block = dyn_cast<CompoundStmt>(Branch); Block && Block->size() == 1)
      Branch = Block->body_front();
    const auto *Assign = dyn_cast<BinaryOperator>(Branch);
    const auto *Ref = Assign && Assign->getOpcode() == BO_Assign
                          ? dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts())
                          : nullptr;
    const auto *Flag = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (Test->getElse() || !Flag || Flag == Kept || !Flag->hasLocalStorage() || !Flag->getInit())
      return {nullptr, false};
    std::optional<int64_t> Set = integerValue(Assign->getRHS(), Context),
                           Initial = integerValue(Flag->getInit(), Context);
    if (!Set || !Initial || (*Set != 0) == (*Initial != 0))
      return {nullptr, false};
    return {Flag, *Set != 0};
  }

  /// True for a statement that only frees what it is handed
  /// (`freeReplyObject(reply);`).
  static bool freesOnly(const Stmt *S) {
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      return !Block->body_empty() && llvm::all_of(Block->body(), freesOnly);
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && Callee->getIdentifier() && isFreeingName(Callee->getName());
  }

  /// True for a statement that only discards a query's result
  /// (`PQclear(res);`).
  static bool discardsResultOnly(const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && discardsResult(Callee->getQualifiedNameAsString());
  }

  /// Calls \p Visit, in order, on each statement of \p Block after
  /// \p Holder that names one of \p Vars, which may grow as it goes, until
  /// \p Visit returns true. The others are not looked at.
  template <typename VisitFn>
  void readersAfter(const CompoundStmt *Block, const Stmt *Holder, const Carriers &Vars,
                    VisitFn Visit) {
    BlockReferences &Refs = Index.blockReferences();
    std::optional<unsigned> Start = Refs.positionOf(Block, Holder);
    if (!Start)
      return;
    std::set<unsigned> Next;
    llvm::SmallPtrSet<const VarDecl *, 8> Queued;
    auto Queue = [&](unsigned After) {
      for (const auto &Entry : Vars)
        if (Queued.insert(Entry.first).second)
          for (unsigned Position : Refs.readersOf(Block, Entry.first))
            if (Position > After)
              Next.insert(Position);
    };
    Queue(*Start);
    while (!Next.empty()) {
      unsigned Position = *Next.begin();
      Next.erase(Next.begin());
      if (Visit(Block->body_begin()[Position]))
        return;
      Queue(Position);
    }
  }

  /// True when \p Ref is read for a cell: `row[0]`.
  bool readsCell(const DeclRefExpr *Ref) {
    const Stmt *Parent = parentStmt(Ref, Context);
    while (Parent && isa<ImplicitCastExpr, ParenExpr>(Parent))
      Parent = parentStmt(Parent, Context);
    const auto *Subscript = dyn_cast_or_null<ArraySubscriptExpr>(Parent);
    return Subscript && Subscript->getBase()->IgnoreParenImpCasts() == Ref;
  }

  /// The test nextTest passed that leaves on one failure value of several,
  /// when no later test tells the rest apart.
  const IfStmt *Partial = nullptr;
  /// For the test read last: which of its branches lets some failures
  /// through with the successes (see mixedBranch).
  std::optional<bool> MixedAt;
  /// True when Partial or MixedAt is a test of an SQL take that asks only
  /// whether its query ran.
  bool OnlyRan = false;

  /// For an answer fetched as rows (mysql_store_result): the variables that
  /// hold the rows, whose cells carry the outcome.
  llvm::SmallPtrSet<const VarDecl *, 4> Rows;

  /// The unit's commands that delete \p KeyId, found for every key in one
  /// pass the first time one is asked for.
  llvm::ArrayRef<const RedisCommand *> deletersOf(llvm::StringRef KeyId) {
    if (!Deleters) {
      Deleters.emplace();
      for (const RedisCommand *Command : Index.commands())
        if (std::string Deleted = Index.deletedKey(*Command); !Deleted.empty())
          (*Deleters)[Deleted].push_back(Command);
    }
    auto It = Deleters->find(KeyId);
    return It == Deleters->end() ? llvm::ArrayRef<const RedisCommand *>()
                                 : llvm::ArrayRef<const RedisCommand *>(It->second);
  }
  std::optional<llvm::StringMap<std::vector<const RedisCommand *>>> Deleters;

  const LockIndex &Index;
  ASTContext &Context;
  AcquireTests *Tests;
};

/// A function that tells its caller whether it took a lock, or that
/// returns only holding it.
struct AcquireWrapper {
  /// The acquire it issues, directly or through other wrappers: a Redis
  /// command, or a coordination service's lock or a lock API of a model
  /// file, with its key.
  const RedisCommand *Acquire = nullptr;
  /// Or the server-side lock its SQL takes: pg_try_advisory_lock, GET_LOCK.
  const SqlStatement::AdvisoryCall *SqlLock = nullptr;
  CoordinationService Service = CoordinationService::None;
  std::string KeyText;
  const Expr *Key = nullptr;
  /// What it returns on success and on failure, when it returns status
  /// values of its own rather than the reply or a bool.
  std::vector<int64_t> Successes, Failures;
  /// True when its acquire's failure throws, so that it returns only
  /// holding the lock.
  bool HoldsOnReturn = false;
  /// For a function that answers through a parameter (`int *held`), the
  /// parameter's position; Successes and Failures are then its values.
  std::optional<unsigned> OutcomeArg;
};

/// Finds the functions that report an acquire's outcome to their callers,
/// bottom-up: a function that calls one and passes its outcome on is one too.
class WrapperFinder {
public:
  /// \p Others are the acquires other than Redis commands: those of
  /// coordination services and lock APIs climb to their callers too.
  /// \p SqlReleasers are the functions whose own SQL lets a server's lock
  /// go.
  WrapperFinder(const LockIndex &Index, llvm::ArrayRef<HelperCall> Calls,
                llvm::ArrayRef<AcquireSite> Others, AcquireTests &Tests,
                llvm::DenseSet<const FunctionDecl *> SqlReleasers = {})
      : Index(Index), Calls(Calls), Others(Others), Context(Index.context()),
        Finder(Index, Context, &Tests), SqlReleasers(std::move(SqlReleasers)) {}

  llvm::DenseMap<const FunctionDecl *, AcquireWrapper> find() {
    std::vector<AcquireSite> Sites;
    for (const RedisCommand *Command : Index.commands())
      if (LockIndex::isAcquire(*Command) && Command->answersAtCall() && Command->Function &&
          Index.isLockKey(*Command))
        Sites.push_back(commandSite(Command));
    for (const AcquireSite &Site : Others)
      if (!Site.Command && !Site.QueuesForTurn && !Site.AnswerUnread && Site.Function)
        Sites.push_back(Site);
    for (const AcquireSite &Site : Sites)
      if (const FieldDecl *Member = outcomeMember(Site))
        OutcomeMembers.try_emplace(Site.Function, Member);
    // Each round lets the outcome climb one more level of callers.
    for (unsigned Round = 0; Round < MaxDepth; ++Round) {
      bool Grew = false;
      for (const AcquireSite &Site : Sites)
        if (!Wrappers.count(Site.Function))
          if (std::optional<AcquireWrapper> Found = reports(Site)) {
            Wrappers.try_emplace(Site.Function, std::move(*Found));
            Grew = true;
          }
      if (!Grew)
        break;
      Sites.clear();
      for (const HelperCall &Call : Calls)
        if (const FunctionDecl *Callee = helperDefinition(Call.Call))
          if (auto It = Wrappers.find(Callee); It != Wrappers.end() && Call.Caller)
            Sites.push_back(siteOf(Call, It->second));
    }
    return std::move(Wrappers);
  }

  /// The methods that keep their acquire's outcome in a member of their
  /// object, with the member; found by find().
  llvm::DenseMap<const FunctionDecl *, const FieldDecl *> OutcomeMembers;

  static AcquireSite siteOf(const HelperCall &Call, const AcquireWrapper &Wrapper) {
    AcquireSite Site(Call.Call, Call.Caller, Wrapper.Acquire);
    Site.SqlLock = Wrapper.SqlLock;
    Site.Service = Wrapper.Service;
    Site.KeyText = Wrapper.KeyText;
    Site.Key = Wrapper.Key;
    // A key the wrapper is handed is the argument of this call.
    if (const Expr *Handed = argumentFor(Wrapper.Key, helperDefinition(Call.Call), Call.Call)) {
      Site.Key = Handed;
      if (Site.Service != CoordinationService::None && Call.Caller)
        if (std::optional<std::string> Text =
                constantText(Site.Key, Call.Caller->getASTContext()))
          Site.KeyText = *Text;
    }
    Site.Successes = Wrapper.Successes;
    Site.Failures = Wrapper.Failures;
    Site.HoldsOnReturn = Wrapper.HoldsOnReturn;
    Site.OutcomeArg = Wrapper.OutcomeArg;
    return Site;
  }

private:
  static constexpr unsigned MaxDepth = 8;

  /// How the function of \p Site passes the outcome on, if it does. A
  /// function whose SQL takes a lock and that lets a lock go as well
  /// (`settle()`: lock, work, unlock, answer) reports work done, not a lock
  /// held.
  std::optional<AcquireWrapper> reports(const AcquireSite &Site) {
    if (Site.SqlLock && (SqlReleasers.contains(Site.Function) ||
                         anyStmtOf(Site.Function, [](const Stmt *S) {
                           // The program's own unlock; a std::unique_lock's
                           // unlock() or a smart pointer's release() is none.
                           const auto *Call = dyn_cast<CallExpr>(S);
                           const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
                           return Callee && !inStd(Callee) && namedAsLetGo(Call);
                         })))
      return std::nullopt;
    // A function that lets its Redis lock go before it returns holds
    // nothing when it answers: its answer says the work was done.
    if (Site.Command && !Site.Command->Args.empty()) {
      std::string KeyId = Index.keyIdentity(Site.Command->Args[0]);
      if (llvm::any_of(Index.commandsIn(Site.Function), [&](const RedisCommand *Other) {
            return Index.releasesKey(*Other, KeyId);
          }))
        return std::nullopt;
    }
    if (std::optional<AcquireWrapper> Read = passesOn(Site))
      return Read;
    return handedByRuns(Site);
  }

  /// How \p Site's function hands its answer on, from one run of its code
  /// after the acquire for each answer the acquire may give: what it
  /// returns, or stores through a parameter, where the lock is held and
  /// where not (`switch (reply->type) { case REDIS_REPLY_STATUS: st = 1;
  /// ... } return st;`, `*held = ok ? 1 : 0; return true;`).
  std::optional<AcquireWrapper> handedByRuns(const AcquireSite &Site) {
    const VarDecl *Kept = nullptr;
    const Stmt *Holder = Finder.holderOf(Site, Kept);
    if (!Holder || !Site.Function || Site.HoldsOnReturn)
      return std::nullopt;
    if (Site.OutcomeArg)
      return handedThrough(Site, Holder);
    std::optional<AcquireAnswers> Answers = answersOf(Site, Kept);
    // A fencing counter answers any number from 1 on; a run reads one.
    if (!Answers ||
        (Answers->Reply == TakeAnswer::Integer && Site.Command->ScriptAnswer == ScriptTake::Counter))
      return std::nullopt;
    // The variable stands for the answer only while nothing else is put in it.
    unsigned Given = 0;
    if (Kept)
      anyOwnStmtOf(Site.Function, [&](const Stmt *S) {
        Given += assignsDirectly(S, Kept);
        return false;
      });
    if (Kept && Given > (isa<DeclStmt>(Holder) ? 0u : 1u))
      return std::nullopt;
    auto IsAnswer = [&](const Expr *E) {
      E = E->IgnoreParenImpCasts();
      const auto *Ref = dyn_cast<DeclRefExpr>(E);
      return E == Site.Call || (Ref && Ref->getDecl() == Kept);
    };
    return wrapperHanding(Site, handedOutcome(*Site.Function, Holder, IsAnswer, *Answers, Context));
  }

  /// For \p Site, a call that answers through the local it is handed
  /// (`if (!request(&held)) return kError; return held ? kHeld : kBusy;`):
  /// how its function hands that answer on, run with the call saying its
  /// query ran, as `true` or as C's 0, and then that it did not.
  std::optional<AcquireWrapper> handedThrough(const AcquireSite &Site, const Stmt *Holder) {
    AcquireAnswers Answers;
    Answers.Through = outcomeVariable(Site);
    if (!Answers.Through)
      return std::nullopt;
    Answers.Successes = Site.Successes;
    Answers.Failures = Site.Failures;
    auto IsAnswer = [&](const Expr *E) { return E->IgnoreParenImpCasts() == Site.Call; };
    for (auto [Ran, Failed] : {std::pair<int64_t, int64_t>{1, 0}, {0, -1}}) {
      Answers.Ran = Ran;
      Answers.Failed = Failed;
      if (std::optional<AcquireWrapper> Wrapper = wrapperHanding(
              Site, handedOutcome(*Site.Function, Holder, IsAnswer, Answers, Context)))
        return Wrapper;
    }
    return std::nullopt;
  }

  /// The wrapper \p Site's function is when it hands on \p Handed.
  std::optional<AcquireWrapper> wrapperHanding(const AcquireSite &Site,
                                               std::optional<HandedOutcome> Handed) {
    if (!Handed)
      return std::nullopt;
    QualType Returned = Site.Function->getReturnType();
    AcquireWrapper Wrapper = takenBy(Site);
    if (Handed->HoldsOnReturn) {
      Wrapper.HoldsOnReturn = true;
      return Wrapper;
    }
    if (!Handed->Parameter && !Returned->isIntegralOrEnumerationType())
      return std::nullopt;
    Wrapper.OutcomeArg = Handed->Parameter;
    // True where held and false where not reads as any truth does.
    bool Truth = Handed->Successes == std::vector<int64_t>{1} &&
                 Handed->Failures == std::vector<int64_t>{0};
    if (!Truth || (!Handed->Parameter && !Returned->isBooleanType())) {
      Wrapper.Successes = std::move(Handed->Successes);
      Wrapper.Failures = std::move(Handed->Failures);
    }
    return Wrapper;
  }

  /// The answers \p Site's acquire may give, when \p Kept keeps them:
  /// the kinds of its hiredis reply, or its status values; std::nullopt
  /// for an answer of neither kind (a bool, a token, SQL rows).
  static std::optional<AcquireAnswers> answersOf(const AcquireSite &Site, const ValueDecl *Kept) {
    AcquireAnswers Answers;
    Answers.Reply = replyAnswer(Site, Kept);
    Answers.Successes = Site.Successes;
    Answers.Failures = Site.Failures;
    if (!Answers.Reply && Site.Successes.empty())
      return std::nullopt;
    return Answers;
  }

  /// A wrapper of the lock \p Site takes, before what it answers is read.
  static AcquireWrapper takenBy(const AcquireSite &Site) {
    AcquireWrapper Wrapper;
    Wrapper.Acquire = Site.Command;
    Wrapper.SqlLock = Site.SqlLock;
    Wrapper.Service = Site.Service;
    Wrapper.KeyText = Site.KeyText;
    Wrapper.Key = Site.Key;
    Wrapper.HoldsOnReturn = Site.HoldsOnReturn;
    return Wrapper;
  }

  std::optional<AcquireWrapper> passesOn(const AcquireSite &Site) {
    AcquireWrapper Wrapper = takenBy(Site);
    // `return acquire(...)`, `return reply != nullptr`.
    for (const Stmt *S = parentStmt(Site.Call, Context); S; S = parentStmt(S, Context)) {
      // `return classify(redisCommand(...));`: the statuses the function of
      // the program gives the answer.
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        std::optional<Classified> Statuses;
        for (unsigned I = 0; I < Call->getNumArgs() && !Statuses; ++I)
          if (Call->getArg(I)->IgnoreParenImpCasts() == Site.Call)
            Statuses = classified(*Call, I, Site);
        if (Statuses && isa_and_nonnull<ReturnStmt>(parentPastCasts(Call))) {
          Wrapper.Successes = Statuses->first;
          Wrapper.Failures = Statuses->second;
          return Wrapper;
        }
      }
      if (const auto *Return = dyn_cast<ReturnStmt>(S)) {
        // A status answered as it is keeps its values; a test of it
        // (`return zoo_create(...) == ZOK;`) answers true on success, or
        // says what nobody can read when it answers true on failure.
        const Expr *Value = Return->getRetValue();
        if (Site.Successes.empty() || !Value || Value->IgnoreParenImpCasts() == Site.Call) {
          Wrapper.Successes = Site.Successes;
          Wrapper.Failures = Site.Failures;
          return Wrapper;
        }
        if (conditionSays(Site.Call, Value, Context, meaningOf(&Site)) == true)
          return Wrapper;
        return std::nullopt;
      }
      if (isa<CompoundStmt, IfStmt, DeclStmt>(S))
        break;
    }
    auto [Cached, Inserted] = Returns.try_emplace(Site.Function);
    if (Inserted)
      Cached->second = returnsOf(Site.Function);
    const std::vector<const ReturnStmt *> &Returns = Cached->second;
    // A failure that throws: what it returns is no outcome, and its caller
    // holds the lock once it returns.
    std::optional<DistributedLockScope> Scope = Finder.scopeOf(Site);
    if (Scope && holdsOnReturn(Site, *Scope, Returns) &&
        !(Site.Blocking && keepsAnswerInMember(Site))) {
      Wrapper.HoldsOnReturn = true;
      return Wrapper;
    }
    // The kept result, or a variable computed from it, returned: `return ok;`.
    const VarDecl *Kept = nullptr;
    Carriers Vars;
    if (const Stmt *Holder = Finder.holderOf(Site, Kept); Holder && Kept) {
      Vars = Finder.carriersOf(Holder, Site, Kept);
      // `*held = reply && ...;`: the answer goes out through a parameter,
      // whatever the function returns.
      if (outcomeParameter(Site, Kept, Vars, Wrapper))
        return Wrapper;
      for (const ReturnStmt *Return : Returns)
        if (Return->getRetValue() && !givesReplyInteger(Return->getRetValue(), Site, Kept) &&
            Finder.testedOutcome(Return->getRetValue(), Site, Kept, Vars) == true)
          return Wrapper;
      // Kept in a member of the object, which is returned: `held_ = reply
      // && reply->integer == 1; ... return held_;`.
      if (const FieldDecl *Member = Finder.memberCarrier(Holder, Site, Kept, Vars);
          Member && returnsMember(Returns, Member))
        return Wrapper;
    }
    // The answer itself kept in a member that every return hands back:
    // `held_ = runBool("SELECT pg_try_advisory_lock(...)"); return held_;`.
    if (const FieldDecl *Member = memberAssigned(Site.Call);
        Member && Site.Successes.empty() && returnsMember(Returns, Member))
      return Wrapper;
    // Different constants returned where the lock is held and elsewhere:
    // `if (!Lock(key)) return RR::LOCK_FAILED; ... return RR::SUCCESS;`.
    if (Returns.empty())
      return std::nullopt;
    const SourceManager &SM = Context.getSourceManager();
    auto [KnownJumps, FirstAsked] = Jumps.try_emplace(Site.Function);
    if (FirstAsked)
      KnownJumps->second = anyStmtOf(Site.Function, [](const Stmt *S) {
        return isa<GotoStmt, IndirectGotoStmt>(S);
      });
    bool FunctionJumps = KnownJumps->second;
    // Or an empty value (`return "";`, `std::nullopt`, `nullptr`) where it
    // is not held and something else where it is: a token, a handle.
    unsigned EmptyWhenNotHeld = 0, OtherWhenHeld = 0, Others = 0;
    // The value handed back from \p At, where the lock is held or not.
    auto Record = [&](const Stmt *At, const Expr *Returned) {
      std::optional<bool> Tested = Kept ? heldAt(At, Site, Kept, Vars) : std::nullopt;
      // `return reply->integer;`, `(reply->type == REDIS_REPLY_INTEGER) ?
      // reply->integer : -1`: a numeric take's own answer, 0 when busy and 1
      // or more (a fencing number) when taken; the other value a failure.
      if (Kept && replyAnswer(Site, Kept) == TakeAnswer::Integer &&
          !Site.Function->getReturnType()->isBooleanType()) {
        std::optional<const Expr *> Other = integerChoice(Returned, Kept);
        std::optional<int64_t> Failure =
            Other && *Other ? integerValue(*Other, Context) : std::nullopt;
        if ((Other && !*Other) || (Failure && *Failure <= 0)) {
          if (Tested.value_or(true)) {
            addStatus(Wrapper.Successes, 1);
            if (Site.Command->ScriptAnswer == ScriptTake::Counter)
              addStatus(Wrapper.Successes, RangeTop);
          }
          addStatus(Wrapper.Failures, 0);
          if (Failure)
            addStatus(Wrapper.Failures, *Failure);
          return true;
        }
      }
      // `return won ? Status::Acquired : Status::Busy;`; the side that does
      // not hold may choose again between failures (`type == NIL ? 0 : -1`).
      if (const auto *Choice = dyn_cast<ConditionalOperator>(Returned->IgnoreParenImpCasts());
          Choice && Kept && Returned->getType()->isIntegralOrEnumerationType()) {
        // Where the lock is known not to be held, every choice is a failure:
        // `if (rc == ZOK) return HELD; return rc == ZNODEEXISTS ? BUSY : ERROR;`.
        if (Tested && !*Tested) {
          llvm::SmallVector<int64_t, 4> Whole;
          if (!constantChoices(Choice, Whole, Context))
            return false;
          for (int64_t Value : Whole)
            addStatus(Wrapper.Failures, Value);
          return true;
        }
        std::optional<bool> Says = Finder.testedOutcome(Choice->getCond(), Site, Kept, Vars);
        if (!Says)
          return false;
        std::optional<int64_t> Held =
            integerValue(*Says ? Choice->getTrueExpr() : Choice->getFalseExpr(), Context);
        llvm::SmallVector<int64_t, 4> NotHeld;
        if (!Held ||
            !constantChoices(*Says ? Choice->getFalseExpr() : Choice->getTrueExpr(), NotHeld,
                             Context))
          return false;
        addStatus(Wrapper.Successes, *Held);
        for (int64_t Value : NotHeld)
          addStatus(Wrapper.Failures, Value);
        return true;
      }
      // `st = classify(reply);`: the classifier's statuses, all of them
      // failures where the lock is known not to be held.
      if (std::optional<Classified> Statuses = Kept ? classifiedAnswer(Returned, Site, Kept)
                                                    : std::nullopt) {
        for (int64_t Value : Statuses->first)
          addStatus(Tested.value_or(true) ? Wrapper.Successes : Wrapper.Failures, Value);
        for (int64_t Value : Statuses->second)
          addStatus(Wrapper.Failures, Value);
        return true;
      }
      if (!Tested && !Scope)
        return false;
      bool Held = Tested ? *Tested : Scope->contains(At->getBeginLoc(), SM);
      std::optional<int64_t> Value =
          Returned->getType()->isIntegralOrEnumerationType() ? integerValue(Returned, Context)
                                                               : std::nullopt;
      if (!Value) {
        bool Empty = isEmptyValue(Returned, Context);
        ++(Held && !Empty ? OtherWhenHeld : !Held && Empty ? EmptyWhenNotHeld : Others);
        return true;
      }
      auto &Into = Held ? Wrapper.Successes : Wrapper.Failures;
      if (!llvm::is_contained(Into, *Value))
        Into.push_back(*Value);
      return true;
    };
    for (const ReturnStmt *Return : Returns) {
      // A return the acquire cannot have run before (checking arguments
      // first) says nothing of its outcome.
      if (!FunctionJumps && endsBeforeAcquire(Return, Site))
        continue;
      const Expr *Returned = Return->getRetValue();
      if (!Returned)
        return std::nullopt;
      // `return ret;`, a status variable set on each path.
      if (const VarDecl *Status = localStatus(Returned, Site.Function)) {
        std::optional<std::vector<std::pair<const Stmt *, const Expr *>>> Given =
            valuesGiven(Status, Site.Function);
        if (!Given)
          return std::nullopt;
        for (auto [At, Value] : *Given)
          if (!Record(At, Value))
            return std::nullopt;
        continue;
      }
      if (!Record(Return, Returned))
        return std::nullopt;
    }
    if (EmptyWhenNotHeld || OtherWhenHeld || Others) {
      if (Others || !EmptyWhenNotHeld || !OtherWhenHeld || !Wrapper.Successes.empty() ||
          !Wrapper.Failures.empty())
        return std::nullopt;
      return Wrapper;
    }
    bool Distinct = llvm::none_of(Wrapper.Successes, [&](int64_t Value) {
      return llvm::is_contained(Wrapper.Failures, Value);
    });
    if (Wrapper.Successes.empty() || Wrapper.Failures.empty() || !Distinct)
      return std::nullopt;
    // A function returning true on success reads like any bool.
    if (Site.Function->getReturnType()->isBooleanType() && Wrapper.Successes.size() == 1 &&
        Wrapper.Successes.front() == 1) {
      Wrapper.Successes.clear();
      Wrapper.Failures.clear();
    }
    return Wrapper;
  }

  /// True when each of \p Returns, and there is one, hands back \p Member
  /// of the object.
  static bool returnsMember(llvm::ArrayRef<const ReturnStmt *> Returns, const FieldDecl *Member) {
    return !Returns.empty() && llvm::all_of(Returns, [&](const ReturnStmt *Return) {
      const auto *Read = dyn_cast_or_null<MemberExpr>(
          Return->getRetValue() ? Return->getRetValue()->IgnoreParenImpCasts() : nullptr);
      return Read && Read->getMemberDecl() == Member && isOwnObject(Read->getBase(), Member);
    });
  }

  /// True when \p Site's function stores what its query answered in a
  /// member of its object (`held_ = PQresultStatus(res) == ...`): for a
  /// take that waits, callers ask that member whether it ran, and the
  /// take does not return holding whatever happened.
  bool keepsAnswerInMember(const AcquireSite &Site) {
    CallKeepers Answer(Site.Call, Site.Function);
    return anyOwnStmtOf(Site.Function, [&](const Stmt *S) {
      const auto *Assign = dyn_cast<BinaryOperator>(S);
      if (!Assign || Assign->getOpcode() != BO_Assign)
        return false;
      const auto *Member = dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
      const auto *Field = Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
      return Field && isOwnObject(Member->getBase(), Field) && Answer.readIn(Assign->getRHS());
    });
  }

  /// The statement that holds \p S, past parentheses and implicit casts.
  const Stmt *parentPastCasts(const Stmt *S) {
    const Stmt *Up = parentStmt(S, Context);
    while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(Up))
      Up = parentStmt(Up, Context);
    return Up;
  }

  /// The member of the object that \p Call's value is assigned to as it is
  /// (`held_ = call(...)`); null otherwise.
  const FieldDecl *memberAssigned(const Expr *Call) {
    const auto *Assign = dyn_cast_or_null<BinaryOperator>(parentPastCasts(Call));
    if (!Assign || Assign->getOpcode() != BO_Assign)
      return nullptr;
    const auto *Member = dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
    const auto *Field = Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    return Field && isOwnObject(Member->getBase(), Field) ? Field : nullptr;
  }

  /// For \p Site's function, which keeps the answer in \p Kept: when it
  /// stores the outcome through a parameter (`*held = atoi(row[0]) == 1;`,
  /// `*status = classify(reply);`, `granted = ...` for a reference), sets
  /// the parameter and its values in \p Wrapper. Every other store there
  /// must be a constant that means not taken (`*held = 0;` first).
  bool outcomeParameter(const AcquireSite &Site, const VarDecl *Kept, const Carriers &Vars,
                        AcquireWrapper &Wrapper) {
    const ParmVarDecl *Out = nullptr;
    const Expr *Stored = nullptr;
    std::vector<const Expr *> Constants;
    bool Unreadable = anyOwnStmtOf(Site.Function, [&](const Stmt *S) {
      const auto *Assign = dyn_cast<BinaryOperator>(S);
      if (!Assign || Assign->getOpcode() != BO_Assign)
        return false;
      const ParmVarDecl *Param = outParameter(Assign->getLHS());
      if (!Param)
        return false;
      if (integerValue(Assign->getRHS(), Context)) {
        Constants.push_back(Assign->getRHS());
        return Out && Out != Param;
      }
      if (Stored || (Out && Out != Param))
        return true; // two answers, or two parameters
      Out = Param;
      Stored = Assign->getRHS();
      return false;
    });
    if (Unreadable || !Out || !Stored)
      return false;
    // A test of the answer or a variable that keeps one; a value read out
    // of the reply (`*fence = reply->integer`) is something else.
    std::optional<Classified> Statuses = classifiedAnswer(Stored, Site, Kept);
    const Expr *Plain = Stored->IgnoreParenImpCasts();
    const auto *Carrier = dyn_cast<DeclRefExpr>(Plain);
    bool Test = isa<BinaryOperator, UnaryOperator, ConditionalOperator>(Plain) ||
                (Carrier && llvm::any_of(Vars, [&](const auto &Entry) {
                   return Entry.first == Carrier->getDecl() && Entry.first != Kept;
                 }));
    if (!Statuses && (!Test || Finder.testedOutcome(Stored, Site, Kept, Vars) != true))
      return false;
    for (const Expr *Constant : Constants) {
      int64_t Value = *integerValue(Constant, Context);
      if (Statuses ? !llvm::is_contained(Statuses->second, Value) : Value != 0)
        return false;
    }
    Wrapper.OutcomeArg = Out->getFunctionScopeIndex();
    if (Statuses) {
      Wrapper.Successes = Statuses->first;
      Wrapper.Failures = Statuses->second;
    }
    return true;
  }

  /// The parameter \p Stored writes through: `*held` for a pointer to a
  /// number or a bool, `held` for a reference to one.
  static const ParmVarDecl *outParameter(const Expr *Stored) {
    const ParmVarDecl *Param = parameterWritten(Stored);
    if (!Param)
      return nullptr;
    QualType Type = Param->getType();
    QualType Pointee =
        Type->isPointerType() ? Type->getPointeeType() : Type.getNonReferenceType();
    if (Pointee.isConstQualified() || !Pointee->isIntegralOrEnumerationType())
      return nullptr;
    return Param;
  }

  /// True when \p Returned hands back a numeric take's integer, as it is
  /// or through a ternary or a local variable: its values are the take's,
  /// read as statuses rather than as a truth.
  bool givesReplyInteger(const Expr *Returned, const AcquireSite &Site, const VarDecl *Kept) {
    if (replyAnswer(Site, Kept) != TakeAnswer::Integer)
      return false;
    auto Gives = [&](const Expr *E) { return integerChoice(E, Kept).has_value(); };
    if (Gives(Returned))
      return true;
    const VarDecl *Status = localStatus(Returned, Site.Function);
    std::optional<std::vector<std::pair<const Stmt *, const Expr *>>> Given =
        Status ? valuesGiven(Status, Site.Function) : std::nullopt;
    return Given && llvm::any_of(*Given, [&](const auto &Entry) { return Gives(Entry.second); });
  }

  /// For \p E that hands back the integer of the reply \p Kept keeps:
  /// null when it is that integer (`reply->integer`), the other value of a
  /// ternary that picks it (`-1` in `ok ? reply->integer : -1`). std::nullopt
  /// for anything else.
  static std::optional<const Expr *> integerChoice(const Expr *E, const VarDecl *Kept) {
    const Expr *Plain = E->IgnoreParenImpCasts();
    if (readsReplyInteger(Plain, Kept))
      return nullptr;
    if (const auto *Choice = dyn_cast<ConditionalOperator>(Plain)) {
      if (readsReplyInteger(Choice->getTrueExpr(), Kept))
        return Choice->getFalseExpr();
      if (readsReplyInteger(Choice->getFalseExpr(), Kept))
        return Choice->getTrueExpr();
    }
    return std::nullopt;
  }

  /// True when \p E reads the integer of the reply \p Kept keeps.
  static bool readsReplyInteger(const Expr *E, const VarDecl *Kept) {
    const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    const auto *Base =
        Member ? dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts()) : nullptr;
    return Base && Base->getDecl() == Kept && Member->getMemberDecl()->getIdentifier() &&
           Member->getMemberDecl()->getName() == "integer";
  }

  /// The values a function answers where the lock is held, and where not.
  using Classified = std::pair<std::vector<int64_t>, std::vector<int64_t>>;

  static void addStatus(std::vector<int64_t> &Into, int64_t Value) {
    if (!llvm::is_contained(Into, Value))
      Into.push_back(Value);
  }

  /// For \p Returned, a call of a function of the program handed \p Kept
  /// (`classify(reply)`): what it answers for \p Site's outcomes.
  std::optional<Classified> classifiedAnswer(const Expr *Returned, const AcquireSite &Site,
                                             const VarDecl *Kept) {
    const auto *Call = dyn_cast<CallExpr>(Returned->IgnoreParenImpCasts());
    if (!Call || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call))
      return std::nullopt;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
          Ref && Ref->getDecl() == Kept)
        return classified(*Call, I, Site);
    return std::nullopt;
  }

  /// For \p Call, a function of the program that classifies the answer it
  /// is handed as argument \p Index into statuses: each of its returns
  /// gives a constant, under tests of that parameter that say whether the
  /// lock was taken. std::nullopt when one does not, or when the held and
  /// the other values are not apart.
  std::optional<Classified> classified(const CallExpr &Call, unsigned Index,
                                       const AcquireSite &Site) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    const FunctionDecl *Definition = Callee ? Callee->getDefinition() : nullptr;
    if (!Definition || !Definition->getBody() || Index >= Definition->getNumParams() ||
        !Definition->getReturnType()->isIntegralOrEnumerationType() ||
        Definition->getReturnType()->isBooleanType() ||
        Context.getSourceManager().isInSystemHeader(Definition->getLocation()))
      return std::nullopt;
    const ParmVarDecl *Answer = Definition->getParamDecl(Index);
    if (std::optional<Classified> Read = classifiedByReturns(*Definition, Answer, Site))
      return Read;
    // Or what it returns for each answer, run by run: a status kept in a
    // local and set by a switch over the reply's type.
    std::optional<AcquireAnswers> Answers = answersOf(Site, Answer);
    if (!Answers)
      return std::nullopt;
    std::optional<HandedOutcome> Handed = handedOutcome(
        *Definition, nullptr,
        [&](const Expr *E) {
          const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
          return Ref && Ref->getDecl() == Answer;
        },
        *Answers, Context);
    if (!Handed || Handed->Parameter || Handed->HoldsOnReturn)
      return std::nullopt;
    return Classified{std::move(Handed->Successes), std::move(Handed->Failures)};
  }

  /// classified() from each return of \p Definition: a constant under tests
  /// of \p Answer that say whether the lock was taken.
  std::optional<Classified> classifiedByReturns(const FunctionDecl &Definition,
                                                const ParmVarDecl *Answer,
                                                const AcquireSite &Site) {
    Carriers Vars{{Answer, true}};
    Classified Statuses;
    for (const ReturnStmt *Return : returnsOf(&Definition)) {
      const Expr *Value = Return->getRetValue();
      std::optional<int64_t> Constant = Value ? integerValue(Value, Context) : std::nullopt;
      std::optional<bool> Held = heldAt(Return, Site, Answer, Vars);
      if (!Constant || !Held)
        return std::nullopt;
      addStatus(*Held ? Statuses.first : Statuses.second, *Constant);
    }
    if (Statuses.first.empty() || Statuses.second.empty() ||
        llvm::any_of(Statuses.first,
                     [&](int64_t Value) { return llvm::is_contained(Statuses.second, Value); }))
      return std::nullopt;
    return Statuses;
  }

  /// The member of its object that \p Site's method sets to its outcome,
  /// true on success; null when it sets none.
  const FieldDecl *outcomeMember(const AcquireSite &Site) {
    if (!isa_and_nonnull<CXXMethodDecl>(Site.Function))
      return nullptr;
    const VarDecl *Kept = nullptr;
    const Stmt *Holder = Finder.holderOf(Site, Kept);
    if (!Holder || !Kept)
      return nullptr;
    return Finder.memberCarrier(Holder, Site, Kept, Finder.carriersOf(Holder, Site, Kept));
  }

  /// Whether the lock of \p Site is held at \p Return, from the
  /// tests of its answer (\p Vars) on the way there: the if-statements
  /// around it, and those before it in each block that leave. std::nullopt
  /// when none tests it; not held when any test says so.
  std::optional<bool> heldAt(const Stmt *Return, const AcquireSite &Site, const VarDecl *Kept,
                             const Carriers &Vars) {
    std::optional<bool> Held;
    auto Note = [&](const IfStmt *Test, bool OnThen) {
      std::optional<bool> Says = Finder.testedOutcome(Test->getCond(), Site, Kept, Vars);
      if (!Says)
        return;
      bool Here = OnThen == *Says;
      Held = Held.value_or(true) && Here;
    };
    const Stmt *Current = Return;
    for (const Stmt *Parent = parentStmt(Current, Context); Parent;
         Current = Parent, Parent = parentStmt(Parent, Context)) {
      if (const auto *Test = dyn_cast<IfStmt>(Parent); Test && Test->getCond() != Current)
        Note(Test, Test->getThen() == Current);
      if (const auto *Block = dyn_cast<CompoundStmt>(Parent))
        for (const Stmt *Before : Block->body()) {
          if (Before == Current)
            break;
          if (const auto *Test = dyn_cast<IfStmt>(Before);
              Test && !Test->getElse() && leaves(Test->getThen())) {
            Note(Test, false);
            continue;
          }
          // Let go on the way (`Release(handle); return Status::Error;`).
          if (anyStmt(Before, [](const Stmt *S) {
                const auto *Call = dyn_cast<CallExpr>(S);
                return Call && namedAsLetGo(Call);
              }))
            return false;
        }
    }
    return Held;
  }

  /// The local variable of integral type \p Returned reads, when nothing
  /// but plain assignments changes it.
  static const VarDecl *localStatus(const Expr *Returned, const FunctionDecl *Function) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Returned->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var) ||
        !Var->getType()->isIntegralOrEnumerationType())
      return nullptr;
    return Var;
  }

  /// Each value given to \p Var in \p Function (its initializer, each
  /// assignment), with the statement that gives it; std::nullopt when
  /// something else changes it (`++`, `&ret` handed out). A variable
  /// declared without a value (`int ret;`) gets one on every path that
  /// reads it, or the program reads an indeterminate value.
  std::optional<std::vector<std::pair<const Stmt *, const Expr *>>>
  valuesGiven(const VarDecl *Var, const FunctionDecl *Function) {
    std::vector<std::pair<const Stmt *, const Expr *>> Given;
    bool Changed = anyOwnStmtOf(Function, [&](const Stmt *S) {
      if (const auto *Declaration = dyn_cast<DeclStmt>(S);
          Declaration && Var->getInit() && llvm::is_contained(Declaration->decls(), Var))
        Given.emplace_back(S, Var->getInit());
      if (const auto *Assign = dyn_cast<BinaryOperator>(S); Assign && Assign->isAssignmentOp()) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
        if (Ref && Ref->getDecl() == Var) {
          if (Assign->getOpcode() != BO_Assign)
            return true;
          Given.emplace_back(Assign, Assign->getRHS());
        }
      }
      if (const auto *Unary = dyn_cast<UnaryOperator>(S);
          Unary && (Unary->isIncrementDecrementOp() || Unary->getOpcode() == UO_AddrOf)) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Unary->getSubExpr()->IgnoreParenImpCasts());
        return Ref && Ref->getDecl() == Var;
      }
      return false;
    });
    if (Changed)
      return std::nullopt;
    return Given;
  }

  /// True when \p Site's function returns only holding the lock: the
  /// acquire's failure throws (`if (!r.is_ok()) throw ...;`), the lock is
  /// held from there to the function's end, every return is in that scope,
  /// and nothing there lets a lock go.
  bool holdsOnReturn(const AcquireSite &Site, const DistributedLockScope &Scope,
                     llvm::ArrayRef<const ReturnStmt *> Returns) {
    if (Site.HoldsOnReturn || Scope.AfterWait)
      return heldToTheEnd(Site, Scope, Returns);
    std::optional<AcquireTest> Tested = Finder.testOf(Site);
    // A switch whose every case that does not hold the lock throws: what
    // returns, holds it.
    if (Tested && Tested->Switch) {
      const SwitchOutcomes &Cases = *Tested->Cases;
      return Cases.Exhaustive && llvm::all_of(Cases.stepsOf(Cases.NotHeld), [&](unsigned Step) {
               return Cases.throwsFrom(Step);
             });
    }
    // A token or a handle handed back says more than that: it is read as
    // the answer it is.
    if (Tested && Tested->Test && Tested->Positive && !Tested->SomeFailuresOnly &&
        Site.Function->getReturnType()->isIntegralOrEnumerationType() &&
        returnsOnlyOnSuccessInEndlessLoop(*Tested->Test, Returns))
      return true;
    if (!Tested || Tested->Positive || Tested->SomeFailuresOnly ||
        !isa_and_nonnull<CXXThrowExpr>(finalStatement(Tested->failureBranch())))
      return false;
    return heldToTheEnd(Site, Scope, Returns);
  }

  /// `for (;;) { if (try_lock(l)) return 1; usleep(50000); }`: the test of
  /// a take inside a loop with no condition of its own and no way out but
  /// a return, every return of the function in the test's success branch.
  /// The function returns only holding the lock.
  bool returnsOnlyOnSuccessInEndlessLoop(const IfStmt &Test,
                                         llvm::ArrayRef<const ReturnStmt *> Returns) {
    const Stmt *Loop = parentStmt(&Test, Context);
    while (Loop && isa<CompoundStmt>(Loop))
      Loop = parentStmt(Loop, Context);
    if (!Loop)
      return false;
    LoopParts Parts = loopParts(Loop);
    if (!Parts.Body || Returns.empty() || leavesBody(Loop, /*Returns=*/false))
      return false;
    bool Always = false;
    bool Endless = !Parts.Condition ||
                   (!Parts.Condition->isValueDependent() &&
                    Parts.Condition->EvaluateAsBooleanCondition(Always, Context) && Always);
    const SourceManager &SM = Context.getSourceManager();
    SourceRange Success = Test.getThen()->getSourceRange();
    return Endless && llvm::all_of(Returns, [&](const ReturnStmt *Return) {
             SourceLocation At = Return->getBeginLoc();
             return !isBefore(SM, At, Success.getBegin()) && !isBefore(SM, Success.getEnd(), At);
           });
  }

  bool heldToTheEnd(const AcquireSite &Site, const DistributedLockScope &Scope,
                    llvm::ArrayRef<const ReturnStmt *> Returns) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Site.Function->getBody());
    const SourceManager &SM = Context.getSourceManager();
    if (!Body || Scope.End != Body->getRBracLoc())
      return false;
    if (llvm::any_of(Returns, [&](const ReturnStmt *R) { return !Scope.contains(R->getBeginLoc(), SM); }))
      return false;
    return !anyStmt(Body, [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      return Call && Scope.contains(Call->getBeginLoc(), SM) && namedAsLetGo(Call);
    });
  }

  /// True when \p Return comes before \p Site's call and no loop around
  /// the call brings control back to it.
  bool endsBeforeAcquire(const ReturnStmt *Return, const AcquireSite &Site) const {
    const SourceManager &SM = Context.getSourceManager();
    if (!isBefore(SM, Return->getEndLoc(), Site.Call->getBeginLoc()))
      return false;
    for (const Stmt *S = parentStmt(Site.Call, Context); S; S = parentStmt(S, Context))
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
          !isBefore(SM, Return->getBeginLoc(), S->getBeginLoc()))
        return false;
    return true;
  }

  const LockIndex &Index;
  llvm::ArrayRef<HelperCall> Calls;
  llvm::ArrayRef<AcquireSite> Others;
  ASTContext &Context;
  ScopeFinder Finder;
  llvm::DenseMap<const FunctionDecl *, AcquireWrapper> Wrappers;
  llvm::DenseSet<const FunctionDecl *> SqlReleasers;
  /// The return statements of each function asked about, found once.
  llvm::DenseMap<const FunctionDecl *, std::vector<const ReturnStmt *>> Returns;
  /// Whether each function asked about jumps with goto, found once.
  llvm::DenseMap<const FunctionDecl *, bool> Jumps;
};

/// `std::lock_guard<sw::redis::RedMutex> guard(mutex)`: redis-plus-plus's
/// distributed mutex held for the guard's life; the key is the resource the
/// mutex was built with.
std::optional<DistributedLockScope> guardedRedMutex(const VarDecl *Guard, const LockIndex &Index,
                                                    ASTContext &Context) {
  const CXXRecordDecl *Record = Guard->getType()->getAsCXXRecordDecl();
  static constexpr llvm::StringLiteral Guards[] = {"std::lock_guard", "std::unique_lock",
                                                   "std::scoped_lock"};
  if (!Record || !llvm::is_contained(Guards, Record->getQualifiedNameAsString()))
    return std::nullopt;
  const auto *Construct =
      Guard->getInit() ? dyn_cast<CXXConstructExpr>(Guard->getInit()->IgnoreImplicit()) : nullptr;
  if (!Construct || Construct->getNumArgs() != 1)
    return std::nullopt; // std::defer_lock and friends: not held from here.
  const Expr *Name = redMutexResource(Construct->getArg(0));
  const CompoundStmt *Block = blockDeclaring(Guard, Context);
  if (!Name || !Block)
    return std::nullopt;
  CommandWord Resource;
  Resource.Pieces.push_back({constantText(Name, Context), Name, 0});
  DistributedLockScope Scope;
  Scope.Function = dyn_cast_or_null<FunctionDecl>(Guard->getParentFunctionOrMethod());
  Scope.Acquired = Guard->getLocation();
  Scope.Begin = Guard->getEndLoc();
  Scope.End = Block->getRBracLoc();
  Scope.Key = Index.keyDisplay(Resource);
  Scope.KeyId = Index.keyIdentity(Resource);
  return Scope;
}

} // namespace

const Expr *redMutexResource(const Expr *Mutex) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Mutex->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const CXXRecordDecl *Type = Var ? Var->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Type || Type->getQualifiedNameAsString() != "sw::redis::RedMutex" || !Var->getInit())
    return nullptr;
  const auto *Built = dyn_cast<CXXConstructExpr>(Var->getInit()->IgnoreImplicit());
  return Built && Built->getNumArgs() >= 2 ? Built->getArg(1) : nullptr;
}

bool DistributedLockScope::contains(SourceLocation Loc, const SourceManager &SM) const {
  Loc = SM.getExpansionLoc(Loc);
  return !isBefore(SM, Loc, SM.getExpansionLoc(Begin)) &&
         !isBefore(SM, SM.getExpansionLoc(End), Loc);
}

namespace {

using Wrappers = llvm::DenseMap<const FunctionDecl *, AcquireWrapper>;

/// True when \p Function stores a pointer through a parameter that points
/// to one (`PGresult **out`): it hands an object it made to its caller.
bool handsOutResult(const FunctionDecl *Function) {
  return anyOwnStmtOf(Function, [&](const Stmt *S) {
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    const auto *Store = Assign && Assign->getOpcode() == BO_Assign
                            ? dyn_cast<UnaryOperator>(Assign->getLHS()->IgnoreParenImpCasts())
                            : nullptr;
    if (!Store || Store->getOpcode() != UO_Deref || !Assign->getLHS()->getType()->isPointerType())
      return false;
    return parameterOf(Store->getSubExpr(), Function) != nullptr;
  });
}

/// The entry that offers \p Function, whose SQL takes a lock in the
/// database server and which answers whether it did, to other units.
std::optional<nlohmann::json> sqlLockEntry(const FunctionDecl *Function,
                                           const AcquireWrapper &Wrapper) {
  // True when taken (a bool, or a C `int` as one), or values of its own;
  // or the query's result itself (`PGresult *`, `MYSQL_ROW`), whose cells
  // its callers read as the query's own. A function that hands its
  // query's result out through a parameter (`*res_out = res; return 1;`)
  // leaves the answer to its caller: what it returns says only that the
  // query ran.
  QualType Returned = Function->getReturnType();
  bool ReturnsResult = Returned->isPointerType() && Wrapper.Successes.empty() &&
                       !Wrapper.OutcomeArg;
  // A function whose SQL waits for the lock holds it once it returns (its
  // answer, if any, says whether the query ran).
  bool Holds = Wrapper.HoldsOnReturn;
  if (!Wrapper.SqlLock || Wrapper.SqlLock->Key.empty() ||
      !(Holds || Returned->isIntegralOrEnumerationType() || ReturnsResult) ||
      handsOutResult(Function))
    return std::nullopt;
  nlohmann::json Entry{{"sql_lock", Wrapper.SqlLock->Function},
                       {"key_text", Wrapper.SqlLock->Key},
                       {"param_count", Function->getNumParams()}};
  if (Holds) {
    Entry["holds_on_return"] = true;
    return Entry;
  }
  if (!Wrapper.Successes.empty()) {
    Entry["successes"] = Wrapper.Successes;
    Entry["failures"] = Wrapper.Failures;
  }
  if (Wrapper.OutcomeArg)
    Entry["outcome_arg"] = *Wrapper.OutcomeArg;
  return Entry;
}

/// Offers other units the functions among \p Found that take a
/// coordination service's lock on a key they are handed and either return
/// only holding it or answer whether they took it: true, or the service's
/// own status values. Those whose SQL takes a server's lock and answer
/// true when it did are offered too.
void offerServiceLocks(const Wrappers &Found) {
  for (const auto &[Function, Wrapper] : Found) {
    if (std::optional<nlohmann::json> Entry = sqlLockEntry(Function, Wrapper)) {
      OfferedLockApis::record({Function, std::move(*Entry)});
      continue;
    }
    const ParmVarDecl *Param = parameterOf(Wrapper.Key, Function);
    // A key the function picks itself is named by its text, when known; a
    // lock object's key, kept in a member, by the pattern its object was
    // built with (`/cron/locks/{}`) or by the member's name.
    const FieldDecl *Member = Param ? nullptr : fieldOfThis(Wrapper.Key, Function);
    bool Unspelled = Wrapper.KeyText.empty() || Wrapper.KeyText == "{}";
    std::string Text = Member && Unspelled ? Member->getNameAsString() : Wrapper.KeyText;
    bool ByText = !Param && !Text.empty() && (Member || Text.find("{}") == std::string::npos);
    if (Wrapper.Service == CoordinationService::None || (!Param && !ByText))
      continue;
    bool Answers = !Wrapper.Successes.empty() || Wrapper.OutcomeArg ||
                   Function->getReturnType()->isBooleanType();
    if (!Wrapper.HoldsOnReturn && !Answers)
      continue;
    nlohmann::json Entry{{"service", serviceWord(Wrapper.Service)},
                         {"param_count", Function->getNumParams()}};
    if (Param)
      Entry["key_arg"] = Param->getFunctionScopeIndex();
    else
      Entry["key_text"] = Text;
    if (Wrapper.HoldsOnReturn)
      Entry["holds_on_return"] = true;
    else if (!Wrapper.Successes.empty()) {
      Entry["successes"] = Wrapper.Successes;
      Entry["failures"] = Wrapper.Failures;
    }
    if (Wrapper.OutcomeArg && !Wrapper.HoldsOnReturn)
      Entry["outcome_arg"] = *Wrapper.OutcomeArg;
    OfferedLockApis::record({Function, std::move(Entry)});
  }
}

/// Offers other units what the functions among \p Found that issue a
/// Redis lock command answer of it beyond the reply: their status values;
/// and the member each method of \p Members keeps its outcome in.
void offerAnswers(const Wrappers &Found,
                  const llvm::DenseMap<const FunctionDecl *, const FieldDecl *> &Members) {
  for (const auto &[Function, Wrapper] : Found) {
    if (!Wrapper.Acquire)
      continue;
    nlohmann::json Answer = nlohmann::json::object();
    if (!Wrapper.Successes.empty())
      Answer.update({{"successes", Wrapper.Successes}, {"failures", Wrapper.Failures}});
    if (Wrapper.OutcomeArg)
      Answer["outcome_arg"] = *Wrapper.OutcomeArg;
    if (Wrapper.HoldsOnReturn)
      Answer["holds_on_return"] = true;
    if (!Answer.empty())
      OfferedLockApis::record({Function, std::move(Answer), AnswerList});
  }
  for (const auto &[Function, Member] : Members)
    OfferedLockApis::record(
        {Function, nlohmann::json{{"outcome_member", Member->getName().str()}}, AnswerList});
}

/// The acquires, and the functions among them that report one or return
/// only holding a lock.
std::vector<AcquireSite> sitesAndWrappers(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql,
                                          llvm::ArrayRef<HelperCall> Calls,
                                          llvm::ArrayRef<LockApiCall> ApiCalls,
                                          Wrappers &Found, AcquireTests &Tests) {
  std::vector<AcquireSite> Sites;
  // Any take of a lock key whose reply is tested opens a scope, an unsafe one
  // (SET without NX) too: the code means to hold the lock there.
  for (const RedisCommand *Command : Index.commands())
    if ((LockIndex::writtenValue(*Command) || Command->TakesIfAbsent) &&
        Command->answersAtCall() && Index.isLockKey(*Command))
      Sites.push_back(commandSite(Command));
  std::vector<AcquireSite> Apis;
  for (const LockApiCall &Api : ApiCalls) {
    AcquireSite Site(Api.Call, Api.Function, nullptr, Api.Key);
    Site.Service = Api.Service;
    Site.KeyText = Api.KeyText;
    Site.Successes = Api.Successes;
    Site.Failures = Api.Failures;
    Site.QueuesForTurn = Api.QueuesForTurn;
    Site.HoldsOnReturn = Api.HoldsOnReturn;
    Site.OutcomeArg = Api.OutcomeArg;
    if (Api.SqlLock)
      Site.SqlLock = &*Api.SqlLock;
    Apis.push_back(std::move(Site));
  }
  size_t ServiceApis = Apis.size();
  for (const SqlExecution &E : Sql)
    for (const SqlStatement &Statement : E.Statements)
      for (const SqlStatement::AdvisoryCall &Lock : Statement.AdvisoryCalls)
        // An answer read in a helper is tested where this code cannot see.
        if (Lock.waits() && !Lock.canFail()) {
          AcquireSite Site(E.Call, E.Function, nullptr);
          Site.SqlLock = &Lock;
          Site.HoldsOnReturn = true;
          Site.Blocking = true;
          Apis.push_back(Site);
        } else if (Lock.canFail() && !E.AnswerReadElsewhere) {
          const Expr *Answer = E.answerCall();
          AcquireSite Site(Answer ? Answer : E.Call, E.Function, nullptr);
          Site.SqlLock = &Lock;
          Site.Query = E.Call;
          Site.AnswerUnread = !Answer;
          // A helper that returns what it fetched answers with its values.
          if (E.Fetched && Answer == E.Call)
            lockAnswers(*E.Fetched, *Lock.Lock, Site.Successes, Site.Failures);
          Apis.push_back(Site);
        }
  // Functions that answer whether their SQL took a lock are acquires at
  // their calls too, like those of Redis and the services.
  llvm::DenseSet<const FunctionDecl *> SqlReleasers;
  for (const SqlExecution &E : Sql)
    if (serverLockRelease(E))
      SqlReleasers.insert(E.Function);
  WrapperFinder Finder(Index, Calls, Apis, Tests, std::move(SqlReleasers));
  Found = Finder.find();
  offerServiceLocks(Found);
  offerAnswers(Found, Finder.OutcomeMembers);
  // Constructors that take a service's lock: their objects are guards.
  for (const AcquireSite &Site : Apis)
    if (std::optional<nlohmann::json> Entry = serviceGuardEntry(Site))
      OfferedLockApis::record({Site.Function, std::move(*Entry)});
  // A command a wrapper issues, read at the wrapper's call, answers what
  // the wrapper returns: its status values, or only holding the lock.
  for (AcquireSite &Site : Sites)
    if (const auto *Call = dyn_cast<CallExpr>(Site.Call); Call && Site.Command &&
                                                          Site.Command->Origin)
      if (const FunctionDecl *Callee = helperDefinition(Call)) {
        if (auto It = Found.find(Callee); It != Found.end()) {
          Site.Successes = It->second.Successes;
          Site.Failures = It->second.Failures;
          Site.HoldsOnReturn = It->second.HoldsOnReturn;
          Site.OutcomeArg = It->second.OutcomeArg;
        }
        Site.OutcomeMember = Finder.OutcomeMembers.lookup(Callee);
      }
  for (const HelperCall &Call : Calls)
    if (const FunctionDecl *Callee = helperDefinition(Call.Call))
      if (auto It = Found.find(Callee); It != Found.end())
        Sites.push_back(WrapperFinder::siteOf(Call, It->second));
  // The SQL sites first, where they always were: checks report in this order.
  std::rotate(Apis.begin(), Apis.begin() + ServiceApis, Apis.end());
  llvm::append_range(Sites, Apis);
  return Sites;
}

/// `std::lock_guard<RedisLock> guard(lock)` over a class of the program
/// whose lock() returns only holding a distributed lock: the guard holds
/// it for its life.
std::optional<AcquireSite> guardedLockClass(const VarDecl *Guard, const Wrappers &Found) {
  const CXXRecordDecl *Record = Guard->getType()->getAsCXXRecordDecl();
  static constexpr llvm::StringLiteral Guards[] = {"std::lock_guard", "std::unique_lock",
                                                   "std::scoped_lock"};
  if (!Record || !llvm::is_contained(Guards, Record->getQualifiedNameAsString()))
    return std::nullopt;
  const CXXConstructExpr *Construct = constructionIn(Guard->getInit());
  if (!Construct || Construct->getNumArgs() != 1)
    return std::nullopt; // std::defer_lock and friends: not held from here.
  const CXXRecordDecl *Held = Construct->getArg(0)->getType()->getAsCXXRecordDecl();
  if (!Held)
    return std::nullopt;
  for (const CXXMethodDecl *Method : Held->methods()) {
    if (!Method->getIdentifier() || Method->getName() != "lock" || Method->getNumParams() != 0)
      continue;
    const FunctionDecl *Definition = Method->getDefinition();
    auto It = Definition ? Found.find(Definition) : Found.end();
    if (It == Found.end() || !It->second.HoldsOnReturn)
      return std::nullopt;
    AcquireSite Site(Construct, dyn_cast_or_null<FunctionDecl>(Guard->getParentFunctionOrMethod()),
                     It->second.Acquire);
    Site.Service = It->second.Service;
    Site.KeyText = It->second.KeyText;
    return Site;
  }
  return std::nullopt;
}

} // namespace

struct AcquireWrappers {
  Wrappers Found;
};

AcquireSiteReading readAcquireSites(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql,
                                    llvm::ArrayRef<HelperCall> Calls,
                                    llvm::ArrayRef<LockApiCall> ApiCalls) {
  auto Found = std::make_shared<AcquireWrappers>();
  auto Tests = std::make_shared<AcquireTests>();
  std::vector<AcquireSite> Sites =
      sitesAndWrappers(Index, Sql, Calls, ApiCalls, Found->Found, *Tests);
  return {std::move(Sites), std::move(Found), std::move(Tests)};
}

std::vector<AcquireSite> findAcquireSites(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql,
                                          llvm::ArrayRef<HelperCall> Calls,
                                          llvm::ArrayRef<LockApiCall> ApiCalls) {
  return readAcquireSites(Index, Sql, Calls, ApiCalls).Sites;
}

/// The local variable whose address \p Call hands at argument \p Index.
static const VarDecl *localHandedAt(const CallExpr *Call, unsigned Index) {
  if (!Call || Index >= Call->getNumArgs())
    return nullptr;
  const Expr *Arg = Call->getArg(Index)->IgnoreParenImpCasts();
  if (const auto *Address = dyn_cast<UnaryOperator>(Arg); Address && Address->getOpcode() == UO_AddrOf)
    Arg = Address->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) ? Var : nullptr;
}

const VarDecl *outcomeVariable(const AcquireSite &Site) {
  return Site.OutcomeArg ? localHandedAt(dyn_cast<CallExpr>(Site.Call), *Site.OutcomeArg)
                         : nullptr;
}

const VarDecl *replyOutVariable(const AcquireSite &Site) {
  const auto *Call = dyn_cast<CallExpr>(Site.Call);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Site.Command || !Callee)
    return nullptr;
  // A function that returns the reply hands out no other.
  if (pointedRecord(Callee->getReturnType()) == nullptr)
    for (const ParmVarDecl *Param : Callee->parameters())
      if (const auto *Outer = Param->getType()->getAs<PointerType>())
        if (const RecordDecl *Reply = pointedRecord(Outer->getPointeeType());
            Reply && Reply->getIdentifier() && Reply->getName() == "redisReply")
          return localHandedAt(Call, Param->getFunctionScopeIndex());
  return nullptr;
}

bool asksOutcomeMember(const AcquireSite &Site, clang::ASTContext &Context) {
  if (!Site.OutcomeMember || !Site.Function || !Site.Function->getBody())
    return false;
  std::string Object = objectText(Site.Call, Context);
  const SourceManager &SM = Context.getSourceManager();
  SourceLocation After = SM.getExpansionLoc(Site.Call->getEndLoc());
  return !Object.empty() && anyOwnStmt(Site.Function->getBody(), [&](const Stmt *S) {
    return isa<Expr>(S) && isBefore(SM, After, SM.getExpansionLoc(S->getBeginLoc())) &&
           readsMember(S, Site.OutcomeMember, Object, Context);
  });
}

std::optional<AcquireTest> testOfAcquire(const AcquireSite &Site, const LockIndex &Index,
                                         const AcquireSiteReading &Read) {
  return ScopeFinder(Index, Index.context(), Read.Tests.get()).testOf(Site);
}

std::vector<DistributedLockScope> findDistributedLockScopes(const LockIndex &Index,
                                                            const AcquireSiteReading &Read,
                                                            llvm::ArrayRef<const VarDecl *> Objects,
                                                            const LockGuards *Guards) {
  std::vector<DistributedLockScope> Scopes = lockObjectScopes(Index, Read, Objects, Guards);
  llvm::append_range(Scopes, acquireSiteScopes(Index, Read));
  return Scopes;
}

std::vector<DistributedLockScope> acquireSiteScopes(const LockIndex &Index,
                                                    const AcquireSiteReading &Read) {
  ScopeFinder Finder(Index, Index.context(), Read.Tests.get());
  std::vector<DistributedLockScope> Scopes;
  llvm::DenseSet<const Expr *> Seen;
  for (const AcquireSite &Site : Read.Sites) {
    if (!Seen.insert(Site.Call).second)
      continue;
    if (auto Scope = Finder.scopeOf(Site))
      Scopes.push_back(std::move(*Scope));
  }
  return Scopes;
}

std::vector<DistributedLockScope> lockObjectScopes(const LockIndex &Index,
                                                   const AcquireSiteReading &Read,
                                                   llvm::ArrayRef<const VarDecl *> Objects,
                                                   const LockGuards *Guards) {
  if (Objects.empty())
    return {};
  ASTContext &Context = Index.context();
  const std::vector<AcquireSite> &Sites = Read.Sites;
  static const Wrappers NoWrappers;
  const Wrappers &Found = Read.Wrappers ? Read.Wrappers->Found : NoWrappers;
  ScopeFinder Finder(Index, Context, Read.Tests.get());
  std::vector<DistributedLockScope> Scopes;
  // RAII: an object whose constructor acquires holds the lock for its life.
  llvm::DenseMap<const FunctionDecl *, const RedisCommand *> Constructors;
  for (const RedisCommand *Command : Index.commands())
    if (LockIndex::isAcquire(*Command) && Command->answersAtCall() &&
        isa_and_nonnull<CXXConstructorDecl>(Command->Function) && Index.isLockKey(*Command))
      Constructors.try_emplace(Command->Function, Command);
  // Another kind of lock taken in a constructor: a coordination service's,
  // a lock API's, or through a function that returns only holding it.
  llvm::DenseMap<const FunctionDecl *, const AcquireSite *> OtherConstructors;
  for (const AcquireSite &Site : Sites)
    if (!Site.Command && !Site.SqlLock && !Site.QueuesForTurn &&
        isa_and_nonnull<CXXConstructorDecl>(Site.Function))
      OtherConstructors.try_emplace(Site.Function, &Site);
  auto Acquiring = [&](const FunctionDecl *Constructor) {
    return Constructors.count(Constructor) || OtherConstructors.count(Constructor);
  };
  // The object's life, from its declaration to the end of its block.
  auto LifeOf = [&](const VarDecl *Object, const FunctionDecl *Function,
                    const CompoundStmt *Block) {
    DistributedLockScope Scope;
    Scope.Function = Function;
    Scope.Acquired = Object->getLocation();
    Scope.Begin = Object->getEndLoc();
    Scope.End = Block->getRBracLoc();
    return Scope;
  };
  for (const VarDecl *Object : Objects) {
    // A guard: its construction takes the lock its arguments name.
    const LockGuard *Guard = Guards ? Guards->of(Object) : nullptr;
    if (Guard && (Guard->Service != CoordinationService::None ||
                  !Index.keyIdentity(Guard->Take.Args[0]).empty())) {
      if (const CompoundStmt *Block = blockDeclaring(Object, Context)) {
        DistributedLockScope Scope = LifeOf(Object, Guard->Function, Block);
        if (Guard->Service == CoordinationService::None) {
          Finder.describe(Scope, &Guard->Take);
        } else {
          Scope.Service = Guard->Service;
          Scope.Key = Guard->ServiceKey;
          Scope.KeyId = (serviceName(Guard->Service) + ":" + Guard->ServiceKey).str();
        }
        Scopes.push_back(std::move(Scope));
        continue;
      }
    }
    if (auto Scope = guardedRedMutex(Object, Index, Context)) {
      Scopes.push_back(std::move(*Scope));
      continue;
    }
    if (std::optional<AcquireSite> Guarded = guardedLockClass(Object, Found)) {
      if (const CompoundStmt *Block = blockDeclaring(Object, Context)) {
        DistributedLockScope Scope = LifeOf(Object, Guarded->Function, Block);
        Finder.describeSite(Scope, *Guarded);
        Scopes.push_back(std::move(Scope));
      }
      continue;
    }
    const FunctionDecl *Constructor = constructorOf(Object, Acquiring);
    const CompoundStmt *Block = blockDeclaring(Object, Context);
    if (!Constructor || !Block)
      continue;
    DistributedLockScope Scope = LifeOf(
        Object, dyn_cast_or_null<FunctionDecl>(Object->getParentFunctionOrMethod()), Block);
    if (auto It = Constructors.find(Constructor); It != Constructors.end()) {
      Finder.describe(Scope, It->second);
    } else {
      const AcquireSite &Site = *OtherConstructors.lookup(Constructor);
      Finder.describeSite(Scope, Site);
      // A key the constructor is handed is the declaration's argument.
      const ParmVarDecl *Param = constructorParameter(Site.Key, Constructor);
      if (const Expr *Argument =
              Param ? constructorArgument(Object, Param->getFunctionScopeIndex()) : nullptr;
          Argument && Site.Service != CoordinationService::None)
        if (std::optional<std::string> Key = constantText(Argument, Context)) {
          Scope.Key = *Key;
          Scope.KeyId = (serviceName(Site.Service) + ":" + *Key).str();
        }
    }
    Scopes.push_back(std::move(Scope));
  }
  return Scopes;
}

} // namespace locklint::model
