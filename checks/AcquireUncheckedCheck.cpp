//===--- AcquireUncheckedCheck.cpp ----------------------------------------===//

#include "AcquireUncheckedCheck.h"
#include "model/ast/Parents.h"
#include "model/redis/CommandExtractor.h"
#include "model/scopes/AsyncAnswers.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/LockAttempts.h"
#include "model/scopes/OutcomeTests.h"
#include "model/redis/RedisCommandKinds.h"
#include "model/values/CallRoles.h"
#include "model/values/ExprText.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include <map>

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// True when \p Operator writes to a std::ostream: `std::clog << ...`.
bool writesToStream(const CXXOperatorCallExpr &Operator) {
  const CXXRecordDecl *Stream =
      Operator.getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return Stream && Stream->getDeclContext()->isStdNamespace() &&
         Stream->getName() == "basic_ostream";
}

/// Decides whether an acquire's result reaches anything that reads it.
class ResultReaders {
public:
  ResultReaders(ASTContext &Context, const ClientModel *Redis, const SqlClientModel &Sql)
      : Context(Context), Redis(Redis), Sql(Sql) {}

  /// True when the value of \p Call is dropped, or only freed: a statement
  /// of its own, a cast to void, an argument of freeReplyObject or PQclear,
  /// or a local variable that nothing else reads.
  bool neverRead(const Expr *Call, const FunctionDecl *Function) {
    const Expr *Value = carrier(Call);
    std::optional<DynTypedNode> Parent = onlyParent(*Value);
    if (!Parent)
      return false;
    if (Parent->get<CompoundStmt>())
      return true;
    if (const auto *Cast = Parent->get<ExplicitCastExpr>())
      return Cast->getType()->isVoidType();
    if (const auto *Outer = Parent->get<CallExpr>())
      return discards(Outer);
    if (const auto *Var = Parent->get<VarDecl>())
      return onlyDiscarded(Var, Function);
    if (const auto *Assign = Parent->get<BinaryOperator>())
      if (Assign->getOpcode() == BO_Assign && Assign->getRHS()->IgnoreParenImpCasts() ==
                                                  Value->IgnoreParenImpCasts())
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts()))
          if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
            return onlyDiscarded(Var, Function);
    return false;
  }

  /// True when \p Call's value is kept in a local variable that is read
  /// only to be reported: handed to a call that logs (`logLine(won ? "leader"
  /// : "busy")`) or written to an output stream. Nothing the program does
  /// depends on it.
  bool onlyReported(const Expr *Call, const FunctionDecl *Function) {
    std::optional<DynTypedNode> Parent = onlyParent(*carrier(Call));
    const auto *Var = Parent ? Parent->get<VarDecl>() : nullptr;
    if (!Var || !Var->hasLocalStorage() || !Function || !Function->getBody() ||
        isa<DecompositionDecl>(Var))
      return false;
    llvm::ArrayRef<const DeclRefExpr *> Reads = referencesOf(Function, Var);
    return !Reads.empty() && llvm::all_of(Reads, [&](const DeclRefExpr *Ref) {
      return reportedOnly(Ref);
    });
  }

  /// The calls that release the lock of the acquire being judged: handing
  /// them the token reads nothing about whether the acquire succeeded.
  /// The releases of the key in question, kept by the caller; null for
  /// none.
  void setReleases(const llvm::DenseSet<const Expr *> *Calls) { Releases = Calls; }
  /// True when \p Call releases the lock of the acquire being read.
  bool releases(const Expr *Call) const { return Releases && Releases->contains(Call); }

  /// True when \p Call frees what it is given without reading it.
  bool discards(const CallExpr *Call) const {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return false;
    // Asked of every freeReplyObject of the unit: each callee's name once.
    auto [Known, New] = Discarders.try_emplace(Callee);
    if (New) {
      std::string Name = Callee->getQualifiedNameAsString();
      Known->second = (Redis && Redis->discardsReply(Name)) || Sql.ResultDiscarders.contains(Name);
    }
    return Known->second;
  }

  /// True when \p Call logs, counts or releases rather than doing work.
  bool bookkeeping(const CallExpr *Call) const {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return Callee && Callee->getIdentifier() &&
           (discards(Call) || isBookkeepingName(Callee->getName()));
  }

private:
  std::optional<DynTypedNode> onlyParent(const Expr &E) {
    DynTypedNodeList Parents = parentsOf(E, Context);
    return Parents.size() == 1 ? std::optional<DynTypedNode>(Parents[0]) : std::nullopt;
  }

  /// True when the value read at \p Ref ends, through conversions, tests
  /// and choices of text, in what a logging call or an output stream is
  /// handed.
  bool reportedOnly(const DeclRefExpr *Ref) {
    const Expr *Current = Ref;
    while (std::optional<DynTypedNode> Parent = onlyParent(*Current)) {
      const auto *Outer = Parent->get<Expr>();
      if (!Outer)
        return false;
      if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(Outer))
        return Operator->getOperator() == OO_LessLess && writesToStream(*Operator);
      if (const auto *Called = dyn_cast<CallExpr>(Outer))
        return Called->getCallee() != Current && bookkeeping(Called);
      if (const auto *Assign = dyn_cast<BinaryOperator>(Outer); Assign && Assign->isAssignmentOp())
        return false;
      Current = Outer;
    }
    return false;
  }

  /// The expression that carries \p E's value on: \p E under conversions,
  /// parentheses and casts to a pointer or class type.
  const Expr *carrier(const Expr *E) {
    while (std::optional<DynTypedNode> Parent = onlyParent(*E)) {
      const auto *Outer = Parent->get<Expr>();
      if (!Outer)
        break;
      bool Transparent =
          isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups, CXXBindTemporaryExpr,
              MaterializeTemporaryExpr, CXXFunctionalCastExpr>(Outer) ||
          ((isa<CStyleCastExpr, CXXStaticCastExpr, CXXReinterpretCastExpr>(Outer)) &&
           !Outer->getType()->isVoidType());
      if (!Transparent)
        break;
      E = Outer;
    }
    return E;
  }

  /// True when every read of the local \p Var is an argument of a function
  /// that frees it; a variable that outlives the function may be read later.
  bool onlyDiscarded(const VarDecl *Var, const FunctionDecl *Function) {
    if (!Var->hasLocalStorage() || !Function || !Function->getBody())
      return false;
    // `auto [type, text] = call()`: the code reads the names it binds.
    if (const auto *Parts = dyn_cast<DecompositionDecl>(Var))
      return llvm::all_of(Parts->bindings(), [&](const BindingDecl *Part) {
        return referencesOf(Function, Part).empty();
      });
    for (const DeclRefExpr *Ref : referencesOf(Function, Var)) {
      const Expr *Use = carrier(Ref);
      std::optional<DynTypedNode> Parent = onlyParent(*Use);
      if (!Parent)
        return false;
      if (const auto *Outer = Parent->get<CallExpr>();
          Outer && (discards(Outer) || (Releases && Releases->contains(Outer))))
        continue;
      // A capture copies the value into a lambda, whose body is walked too.
      if (Parent->get<LambdaExpr>() || copiedIntoLambda(*Parent))
        continue;
      // Written, not read: `reply = redisCommand(...)` again.
      if (const auto *Assign = Parent->get<BinaryOperator>();
          Assign && Assign->getOpcode() == BO_Assign &&
          Assign->getLHS()->IgnoreParenImpCasts() == Ref)
        continue;
      return false;
    }
    return true;
  }

  /// The references to \p Var in \p Function's body. Each function's
  /// references are gathered in one walk, however many acquires ask.
  llvm::ArrayRef<const DeclRefExpr *> referencesOf(const FunctionDecl *Function,
                                                  const ValueDecl *Var) {
    auto Emplaced = References.try_emplace(Function);
    auto It = Emplaced.first;
    if (Emplaced.second)
      anyStmtOf(Function, [&](const Stmt *S) {
        if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
          It->second[Ref->getDecl()].push_back(Ref);
        return false;
      });
    auto Found = It->second.find(Var);
    if (Found == It->second.end())
      return {};
    return Found->second;
  }

  /// True when \p Node copies a capture: a constructor call whose one
  /// parent is the lambda.
  bool copiedIntoLambda(const DynTypedNode &Node) {
    const auto *Copy = Node.get<CXXConstructExpr>();
    std::optional<DynTypedNode> Outer = Copy ? onlyParent(*Copy) : std::nullopt;
    return Outer && Outer->get<LambdaExpr>();
  }

  ASTContext &Context;
  const ClientModel *Redis;
  const SqlClientModel &Sql;
  const llvm::DenseSet<const Expr *> *Releases = nullptr;
  mutable llvm::DenseMap<const FunctionDecl *, bool> Discarders;
  llvm::DenseMap<const FunctionDecl *,
                 llvm::DenseMap<const ValueDecl *, std::vector<const DeclRefExpr *>>>
      References;
};

/// The calls of the unit that release each key, by its identity: one pass
/// over the unit's commands, whatever the number of acquires.
llvm::StringMap<llvm::DenseSet<const Expr *>> releasesByKey(const LockIndex &Index) {
  llvm::StringMap<llvm::DenseSet<const Expr *>> Calls;
  auto Add = [&](const RedisCommand &Deleting, const Expr *Call) {
    if (std::string KeyId = Index.deletedKey(Deleting); !KeyId.empty())
      Calls[KeyId].insert(Call);
  };
  for (const RedisCommand *Command : Index.commands()) {
    Add(*Command, Command->Call);
    for (const RedisCommand &Inner : Command->ScriptCommands)
      Add(Inner, Command->Call);
  }
  return Calls;
}
/// True when \p Function does more after \p Call than free replies: there
/// is work the lock was meant to protect.
bool workFollows(const Expr *Call, const FunctionDecl *Function, const ResultReaders &Readers,
                 const SourceManager &SM) {
  if (!Function || !Function->getBody())
    return false;
  // A constructor's callers work with the object it built, whatever it
  // does after the call.
  if (isa<CXXConstructorDecl>(Function))
    return true;
  SourceLocation After = SM.getExpansionLoc(Call->getEndLoc());
  return anyStmtOf(Function, [&](const Stmt *S) {
    const auto *Later = dyn_cast<CallExpr>(S);
    return Later && Later != Call &&
           isBefore(SM, After, SM.getExpansionLoc(Later->getBeginLoc())) &&
           !Readers.discards(Later);
  });
}

/// True when \p Call is bookkeeping rather than protected work: a call
/// that logs, counts or releases. Its presence on both paths is no bug.
bool bookkeeping(const CallExpr *Call, const ResultReaders &Readers) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  return !Callee || !Callee->getIdentifier() || Readers.bookkeeping(Call);
}

/// The calls in \p Root that do work of their own, in source order: not an
/// argument or the object of another call, whose work they are part of (a
/// thread id for a log line), not in code the compiler could not read, not
/// in a lambda's body, which runs when it is called. Operators are looked
/// through: in `total = sum(...)` the work is sum's.
std::vector<const CallExpr *> workCalls(const Stmt *Root, const ResultReaders &Readers,
                                        const SourceManager &SM) {
  std::vector<const CallExpr *> Found;
  llvm::SmallVector<const Stmt *, 32> Work = {Root};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr, RecoveryExpr>(S))
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S); Call && !isa<CXXOperatorCallExpr>(Call)) {
      if (!bookkeeping(Call, Readers))
        Found.push_back(Call);
      continue;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  llvm::sort(Found, [&](const CallExpr *A, const CallExpr *B) {
    return isBefore(SM, A->getBeginLoc(), B->getBeginLoc());
  });
  return Found;
}

/// The first call in \p Root that does work, in source order.
const CallExpr *firstWork(const Stmt *Root, const ResultReaders &Readers,
                          const SourceManager &SM) {
  std::vector<const CallExpr *> Calls = workCalls(Root, Readers, SM);
  return Calls.empty() ? nullptr : Calls.front();
}

/// True when \p Branch always runs to its end: nothing in it returns,
/// throws, jumps, calls a function that does not return, or breaks or
/// continues a loop or switch outside it. A lambda's body runs elsewhere,
/// when it is called. Walked with a stack of its own: expressions can nest
/// thousands deep.
bool fallsThrough(const Stmt *Branch) {
  struct Pending {
    const Stmt *S;
    bool InLoop, InSwitch;
  };
  llvm::SmallVector<Pending, 32> Work = {{Branch, false, false}};
  while (!Work.empty()) {
    auto [S, InLoop, InSwitch] = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (isa<ReturnStmt, CXXThrowExpr, GotoStmt, CoreturnStmt>(S) ||
        (isa<BreakStmt>(S) && !InLoop && !InSwitch) || (isa<ContinueStmt>(S) && !InLoop))
      return false;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee(); Callee && Callee->isNoReturn())
        return false;
    bool Loop = InLoop || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    bool Switch = InSwitch || isa<SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      Work.push_back({Child, Loop, Switch});
  }
  return true;
}

/// True when \p Branch does nothing but log or count: each statement of it
/// is a call that reports, or writes to an output stream.
bool onlyReports(const Stmt *Branch) {
  llvm::SmallVector<const Stmt *, 4> Statements;
  if (const auto *Block = dyn_cast<CompoundStmt>(Branch))
    Statements.append(Block->body_begin(), Block->body_end());
  else
    Statements.push_back(Branch);
  return !Statements.empty() && llvm::all_of(Statements, [](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (const auto *Operator = dyn_cast_or_null<CXXOperatorCallExpr>(Call))
      return Operator->getOperator() == OO_LessLess &&
             writesToStream(*Operator);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && Callee->getIdentifier() && isReportingName(Callee->getName());
  });
}

/// The calls in \p Branch, by their text.
std::map<std::string, const CallExpr *> workByText(const Stmt *Branch,
                                                  const ResultReaders &Readers,
                                                  ASTContext &Context) {
  std::map<std::string, const CallExpr *> Calls;
  for (const CallExpr *Call : workCalls(Branch, Readers, Context.getSourceManager()))
    Calls.try_emplace(sourceText(Call, Context), Call);
  return Calls;
}

/// The unit's writes of each key that may take it (a SET, a SETNX, a
/// GETSET), by the key's identity, in source order: found in one pass.
class KeyWrites {
public:
  explicit KeyWrites(const LockIndex &Index) : SM(Index.context().getSourceManager()) {
    for (const RedisCommand *Command : Index.commands()) {
      if (Command->Args.empty() || !Command->Call ||
          !(LockIndex::writtenValue(*Command) || Command->is("GETSET")))
        continue;
      if (std::string Key = Index.keyIdentity(Command->Args[0]); !Key.empty())
        ByKey[Key].push_back({SM.getExpansionLoc(Command->Call->getBeginLoc()), Command});
    }
    for (auto &Entry : ByKey)
      llvm::stable_sort(Entry.second,
                        [&](const Write &A, const Write &B) { return isBefore(SM, A.At, B.At); });
  }

  /// Where \p Branch first writes \p Acquire's key again (a GETSET that
  /// takes over an expired lock, another SET NX): what follows there may
  /// run with the lock after all. Invalid when it does not.
  SourceLocation retakeIn(const Stmt *Branch, const RedisCommand *Acquire,
                          const LockIndex &Index) const {
    if (!Acquire || Acquire->Args.empty())
      return SourceLocation();
    auto Found = ByKey.find(Index.keyIdentity(Acquire->Args[0]));
    if (Found == ByKey.end())
      return SourceLocation();
    SourceLocation Begin = SM.getExpansionLoc(Branch->getBeginLoc()),
                   End = SM.getExpansionLoc(Branch->getEndLoc());
    const std::vector<Write> &Writes = Found->second;
    auto It = std::partition_point(Writes.begin(), Writes.end(),
                                   [&](const Write &W) { return isBefore(SM, W.At, Begin); });
    for (; It != Writes.end() && !isBefore(SM, End, It->At); ++It)
      if (It->Command != Acquire)
        return It->At;
    return SourceLocation();
  }

private:
  struct Write {
    SourceLocation At;
    const RedisCommand *Command;
  };
  const SourceManager &SM;
  llvm::StringMap<std::vector<Write>> ByKey;
};

/// The first work in the statements of \p Cases from step \p First to
/// \p Last.
const CallExpr *firstWorkIn(const SwitchOutcomes &Cases, unsigned First, unsigned Last,
                            const ResultReaders &Readers, const SourceManager &SM) {
  for (unsigned Step = First; Step <= Last; ++Step)
    if (const CallExpr *Work = firstWork(Cases.Steps[Step].S, Readers, SM))
      return Work;
  return nullptr;
}

/// The first work after \p S in its block.
const CallExpr *firstWorkAfter(const Stmt *S, const ResultReaders &Readers, ASTContext &Context) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(S, Context));
  if (!Block)
    return nullptr;
  bool After = false;
  for (const Stmt *Sibling : Block->body()) {
    if (After)
      if (const CallExpr *Work = firstWork(Sibling, Readers, Context.getSourceManager()))
        return Work;
    After = After || Sibling == S;
  }
  return nullptr;
}

/// For the acquire \p Call whose answer is tested only to decide the
/// release (`auto t = lock.tryAcquire(); add(...); if (t) release(*t);`):
/// the first work between the acquire and that test, which runs whether
/// or not the lock was taken.
const CallExpr *workBeforeReleaseTest(const Expr *Call, const AcquireTest &Tested,
                                      const ResultReaders &Readers, ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  const Stmt *Success = Tested.successBranch(), *Failure = Tested.failureBranch();
  if (!Tested.Test || !Success || firstWork(Success, Readers, SM) ||
      (Failure && firstWork(Failure, Readers, SM)) ||
      !anyStmt(Success, [&](const Stmt *S) {
        const auto *Release = dyn_cast<CallExpr>(S);
        return Release && (Readers.releases(Release) || isLetGoName(calleeName(Release)));
      }))
    return nullptr;
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Tested.Test, Context));
  if (!Block)
    return nullptr;
  const Stmt *Holder = statementIn(Block, Call, Context);
  if (!Holder || Holder == Tested.Test)
    return nullptr;
  bool Between = false;
  for (const Stmt *S : Block->body()) {
    if (S == Tested.Test)
      break;
    if (Between)
      if (const CallExpr *Work = firstWork(S, Readers, SM))
        return Work;
    Between = Between || S == Holder;
  }
  return nullptr;
}

/// True when \p Handler sets a flag (`ok = false;`) that a test after
/// \p Try, before \p Work, leaves on: the code goes on only without the
/// failure.
bool flagLeavesBefore(const CXXCatchStmt *Handler, const CXXTryStmt *Try, const CallExpr *Work,
                      ASTContext &Context) {
  llvm::SmallPtrSet<const VarDecl *, 2> Flags;
  anyStmt(Handler->getHandlerBlock(), [&](const Stmt *S) {
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    const auto *Ref = Assign && Assign->getOpcode() == BO_Assign
                          ? dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts())
                          : nullptr;
    if (const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr)
      Flags.insert(Var);
    return false;
  });
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Try, Context));
  if (Flags.empty() || !Block)
    return false;
  const SourceManager &SM = Context.getSourceManager();
  bool After = false;
  for (const Stmt *S : Block->body()) {
    if (S == Try) {
      After = true;
      continue;
    }
    if (!After || !SM.isBeforeInTranslationUnit(S->getBeginLoc(), Work->getBeginLoc()))
      continue;
    const auto *If = dyn_cast<IfStmt>(S);
    if (If && leaves(If->getThen()) && llvm::any_of(Flags, [&](const VarDecl *Flag) {
          return !referencesIn(If->getCond(), Flag).empty();
        }))
      return true;
  }
  return false;
}

/// For \p Call, an acquire that throws when it does not get the lock, in
/// the try block of a try statement: a handler of that try that catches
/// what the acquire may throw (`catch (...)`, a standard exception class,
/// which a program's exceptions derive from, any class when the acquire is
/// all the try block holds) and lets control go on after the try, with the
/// first work there.
std::pair<const CXXCatchStmt *, const CallExpr *>
caughtAndWorked(const Expr *Call, const ResultReaders &Readers, ASTContext &Context) {
  const Stmt *Inside = Call;
  for (const Stmt *Parent = parentStmt(Inside, Context); Parent;
       Inside = Parent, Parent = parentStmt(Parent, Context)) {
    if (isa<LambdaExpr>(Parent) || isa<CXXCatchStmt>(Parent))
      return {};
    const auto *Try = dyn_cast<CXXTryStmt>(Parent);
    if (!Try || Inside != Try->getTryBlock())
      continue;
    for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
      const CXXCatchStmt *Handler = Try->getHandler(I);
      QualType Caught = Handler->getCaughtType();
      const CXXRecordDecl *Class =
          Caught.isNull() ? nullptr : Caught.getNonReferenceType()->getAsCXXRecordDecl();
      // A try block that holds only the acquire: whatever its handlers
      // catch, the acquire threw (`try { lock.acquire(); } catch (const
      // LockBusy &) { log(); }`).
      bool CatchesAny = Caught.isNull() || (Class && Class->isInStdNamespace()) ||
                        (Class && Try->getTryBlock()->size() == 1);
      if (CatchesAny && !leaves(Handler->getHandlerBlock()))
        if (const CallExpr *Work = firstWorkAfter(Try, Readers, Context);
            Work && !flagLeavesBefore(Handler, Try, Work, Context))
          return {Handler, Work};
    }
    return {};
  }
  return {};
}

/// For a switch over the acquire's status: work that runs where the lock
/// was not taken. A case that does not hold it falls into one that does
/// (`case kError: log(...); [[fallthrough]]; case kAcquired: work();`), or
/// the case that holds it only breaks, as another case does, to the work
/// after the switch.
const CallExpr *workWithoutLock(const AcquireTest &Tested, const ResultReaders &Readers,
                                ASTContext &Context) {
  const SwitchOutcomes &Cases = *Tested.Cases;
  const SourceManager &SM = Context.getSourceManager();
  llvm::SmallVector<unsigned, 2> HeldSteps = Cases.stepsOf(Cases.Held);
  bool UnheldReachesEnd = false;
  for (unsigned Step : Cases.stepsOf(Cases.NotHeld)) {
    SwitchOutcomes::Run Run = Cases.runFrom(Step);
    UnheldReachesEnd |= Run.ReachesEnd;
    for (unsigned Held : HeldSteps)
      if (Held > Step && Held <= Run.Last)
        if (const CallExpr *Work = firstWorkIn(Cases, Held, Run.Last, Readers, SM))
          return Work;
  }
  bool HeldOnlyBreaks = !HeldSteps.empty() && llvm::all_of(HeldSteps, [&](unsigned Step) {
    SwitchOutcomes::Run Run = Cases.runFrom(Step);
    return Run.ReachesEnd && !firstWorkIn(Cases, Run.First, Run.Last, Readers, SM);
  });
  if (!HeldOnlyBreaks || !UnheldReachesEnd)
    return nullptr;
  return firstWorkAfter(Tested.Switch, Readers, Context);
}

/// The variables \p Condition reads.
llvm::SmallPtrSet<const Decl *, 4> variablesRead(const Expr *Condition) {
  llvm::SmallPtrSet<const Decl *, 4> Read;
  anyStmt(Condition, [&](const Stmt *S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      Read.insert(Ref->getDecl());
    return false;
  });
  return Read;
}

/// True when a statement after \p Test in its block, up to the one that
/// holds \p Work, reads one of \p Read.
bool readAgainBefore(const IfStmt *Test, const CallExpr *Work, ASTContext &Context,
                     const llvm::SmallPtrSetImpl<const Decl *> &Read) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Test, Context));
  if (!Block || Read.empty())
    return false;
  const SourceManager &SM = Context.getSourceManager();
  bool After = false;
  for (const Stmt *Sibling : Block->body()) {
    if (After && isBefore(SM, Work->getBeginLoc(), Sibling->getBeginLoc()))
      break;
    if (After && anyStmt(Sibling, [&](const Stmt *S) {
          const auto *Ref = dyn_cast<DeclRefExpr>(S);
          return Ref && Read.contains(Ref->getDecl());
        }))
      return true;
    After = After || Sibling == Test;
  }
  return false;
}

/// True when \p S only puts constants in local variables, added to
/// \p Noted: an assignment, a block of them, or an `if` whose branches do
/// (`if (fresh) st = HELD | FRESH; else st = HELD;`).
bool notesConstants(const Stmt *S, llvm::SmallPtrSetImpl<const Decl *> &Noted) {
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && llvm::all_of(Block->body(), [&](const Stmt *Inner) {
      return notesConstants(Inner, Noted);
    });
  if (const auto *If = dyn_cast<IfStmt>(S))
    return !If->getInit() && !If->getConditionVariable() && notesConstants(If->getThen(), Noted) &&
           (!If->getElse() || notesConstants(If->getElse(), Noted));
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  const auto *Ref = Assign && Assign->getOpcode() == BO_Assign
                        ? dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts())
                        : nullptr;
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->hasLocalStorage() ||
      !Assign->getRHS()->IgnoreParenImpCasts()->isEvaluatable(Var->getASTContext()))
    return false;
  Noted.insert(Var);
  return true;
}

/// When \p Branch only puts constants in local variables (`st = kHeld;`,
/// `{ got = 1; code = 0; }`): those variables; empty otherwise.
llvm::SmallPtrSet<const Decl *, 4> notedLocals(const Stmt *Branch) {
  llvm::SmallPtrSet<const Decl *, 4> Noted;
  if (!notesConstants(Branch, Noted))
    Noted.clear();
  return Noted;
}

/// The work that runs on both outcomes of a tested acquire: the same call
/// in the success and the failure branch (before the failure branch takes
/// the key another way), or, when the failure branch falls
/// through and so does the success branch, the first work after the test.
/// The first call is where the lock is held, the second where it may not be.
std::optional<std::pair<const CallExpr *, const CallExpr *>>
workOnBothPaths(const AcquireTest &Tested, const RedisCommand *Acquire, const LockIndex &Index,
                const KeyWrites &Writes,
                const ResultReaders &Readers, ASTContext &Context) {
  const Stmt *Success = Tested.successBranch(), *Failure = Tested.failureBranch();
  if (Success && Failure) {
    std::map<std::string, const CallExpr *> Held = workByText(Success, Readers, Context);
    SourceLocation Retaken = Writes.retakeIn(Failure, Acquire, Index);
    const SourceManager &SM = Context.getSourceManager();
    for (const auto &[Text, Unheld] : workByText(Failure, Readers, Context))
      if (auto It = Held.find(Text);
          It != Held.end() && (Retaken.isInvalid() || isBefore(SM, Unheld->getBeginLoc(), Retaken)))
        return std::make_pair(It->second, Unheld);
  }
  // `if (status == kBusy) return; work();`, `if (status != kBusy) work();`:
  // an error goes on to the work.
  if (Tested.SomeFailuresOnly) {
    const CallExpr *Work = Success ? firstWork(Success, Readers, Context.getSourceManager())
                                   : firstWorkAfter(Tested.Test, Readers, Context);
    // `if (st < 0) log(...);` before `if (st > 0) work();`: a test that
    // only logs is a log line when the answer is read again before the work.
    if (Work && !Success && Failure && onlyReports(Failure) && fallsThrough(Failure) &&
        readAgainBefore(Tested.Test, Work, Context, variablesRead(Tested.Test->getCond())))
      return std::nullopt;
    if (Work)
      return std::make_pair(nullptr, Work);
    return std::nullopt;
  }
  if (Tested.Switch) {
    if (const CallExpr *Work = workWithoutLock(Tested, Readers, Context))
      return std::make_pair(nullptr, Work);
    return std::nullopt;
  }
  // `if (!acquired) { log(...); } work();`, and `if (acquired) log(...);
  // work();`: a held branch that does no work means nothing is protected
  // there, and the code after the test is what the lock was for.
  bool OnlyReported = !Failure && Success && onlyReports(Success);
  bool FailureFallsThrough = Failure ? fallsThrough(Failure) : OnlyReported;
  if (!FailureFallsThrough || (Success && !fallsThrough(Success)))
    return std::nullopt;
  // A test that only logs is the last word on the answer when nothing after
  // it reads the answer again (`if (reply) printf(...); if (reply && ...)`
  // is a log line before the real test).
  const CallExpr *Work = firstWorkAfter(Tested.Test, Readers, Context);
  if (!Work ||
      (OnlyReported && readAgainBefore(Tested.Test, Work, Context,
                                       variablesRead(Tested.Test->getCond()))))
    return std::nullopt;
  // `if (ok) st = kHeld; else if (nil) st = kBusy; if (st != kHeld) ...`:
  // a held branch that only notes the outcome in a local decides nothing
  // when that local is read again before the work.
  if (Success && readAgainBefore(Tested.Test, Work, Context, notedLocals(Success)))
    return std::nullopt;
  return std::make_pair(nullptr, Work);
}

/// True when \p Function reads \p Var after \p Call.
bool readAfter(const VarDecl *Var, const Expr *Call, const FunctionDecl *Function,
               const SourceManager &SM) {
  SourceLocation After = SM.getExpansionLoc(Call->getEndLoc());
  // Freeing a reply (`freeReplyObject(reply)`) reads nothing of it.
  llvm::DenseSet<const Expr *> Freed;
  if (Function)
    anyStmtOf(Function, [&](const Stmt *S) {
      if (const auto *Free = dyn_cast<CallExpr>(S); Free && Free->getNumArgs() == 1)
        if (const FunctionDecl *Callee = Free->getDirectCallee();
            Callee && Callee->getIdentifier() && isFreeingName(Callee->getName()))
          Freed.insert(Free->getArg(0)->IgnoreParenImpCasts());
      return false;
    });
  return Function && anyStmtOf(Function, [&](const Stmt *S) {
           const auto *Ref = dyn_cast<DeclRefExpr>(S);
           return Ref && Ref->getDecl() == Var && !Freed.contains(Ref) &&
                  isBefore(SM, After, SM.getExpansionLoc(Ref->getBeginLoc()));
         });
}

/// How the message names the acquire: its command, or the function called.
std::string acquireName(const AcquireSite &Site) {
  if (Site.Command && Site.Command->Call == Site.Call)
    return Site.Command->is("SETNX") ? "SETNX" : "SET ... NX";
  if (Site.SqlLock && Site.Query)
    return Site.SqlLock->Lock->Display;
  if (const auto *Call = dyn_cast<CallExpr>(Site.Call))
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      return Callee->getQualifiedNameAsString();
  return "the acquire";
}

/// How the message names the lock: by its key when the site has one.
std::string lockName(const AcquireSite &Site, const LockIndex &Index) {
  return Site.Command && !Site.Command->Args.empty()
             ? "lock '" + Index.keyDisplay(Site.Command->Args[0]) + "'"
             : "the lock";
}

} // namespace

void AcquireUncheckedCheck::reportAsyncTake(const AcquireSite &Site, unsigned ReplyParam,
                                            const LockIndex &Index, WorkCallsFn Work,
                                            bool WorkFollows) {
  ASTContext &Context = Index.context();
  const auto &Submit = *cast<CallExpr>(Site.Call);
  std::string Lock = lockName(Site, Index);
  // Queued with no callback: nobody ever reads the answer.
  const Expr *Callback = Site.Command->Callback;
  if (Callback &&
      Callback->IgnoreParenCasts()->isNullPointerConstant(Context,
                                                         Expr::NPC_ValueDependentIsNotNull)) {
    if (WorkFollows)
      diagAt(Site.Call, "'%0' is queued with no callback: its answer is never read, and the "
                        "code after it runs whether or not this process gets %1")
          << acquireName(Site) << Lock;
    return;
  }
  if (const CallExpr *Early = workOnQueuedTest(Submit, Context, Work)) {
    diagAt(Site.Call, "the value of '%0' says only that '%1' was queued, not what the server "
                      "answered: '%2' runs whether or not this process gets %3")
        << calleeName(&Submit) << acquireName(Site) << calleeName(Early) << Lock;
    diag(Early->getBeginLoc(), "here, before the answer arrives", DiagnosticIDs::Note);
    return;
  }
  std::optional<AsyncAnswerReading> Read =
      Callback ? readAsyncAnswer(*Callback, ReplyParam, Context, Work) : std::nullopt;
  if (!Read)
    return;
  if (Read->Kind == AsyncAnswerReading::Verdict::NeverRead)
    diagAt(Site.Call, "the answer to '%0' reaches '%1', which never reads it: '%2' runs "
                      "whether or not this process got %3")
        << acquireName(Site) << Read->Callback->getName() << calleeName(Read->Work) << Lock;
  else
    diagAt(Site.Call, "the answer to '%0' reaches '%1', which tests only whether a reply came, "
                      "not what it says: '%2' runs whether or not this process got %3")
        << acquireName(Site) << Read->Callback->getName() << calleeName(Read->Work) << Lock;
  if (Read->Test)
    diag(Read->Test->getBeginLoc(), "the only test of the reply", DiagnosticIDs::Note);
  diag(Read->Work->getBeginLoc(), "here, also when it was not taken", DiagnosticIDs::Note);
}

void AcquireUncheckedCheck::registerMoreMatchers(MatchFinder *Finder) {
  AcquireCheckBase::registerMoreMatchers(Finder);
  registerLockObjects(Finder);
  CallDispatch &Calls = reading()->spelledCalls();
  Calls.add(*Finder, "answering-call",
            CallDispatch::outsideSystemHeaders([&Calls](const CallExpr &Call, ASTContext &) {
              const FunctionDecl *Callee = Calls.callee(Call);
              return Callee && !Callee->getReturnType()->isVoidType();
            }),
            this);
}

void AcquireUncheckedCheck::checkMore(const MatchFinder::MatchResult &Result) {
  if (collectLockObject(Result))
    return;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("answering-call"))
    Answering.push_back(Call);
}

/// True when the function \p Site calls, besides taking the lock, writes
/// another key or deletes the lock's key: its caller sees one call that
/// does the work (or lets the lock go) itself.
bool worksUnderItsTake(const AcquireSite &Site, const LockIndex &Index) {
  const RedisCommand *Take = Site.Command;
  if (Take->Args.empty())
    return false;
  std::string KeyId = Index.keyIdentity(Take->Args[0]);
  return llvm::any_of(Index.commandsIn(Site.Function), [&](const RedisCommand *Other) {
    if (Other == Take || Other->Call != Site.Call || Other->Args.empty())
      return false;
    bool SameKey = Index.keyIdentity(Other->Args[0]) == KeyId;
    return SameKey ? Index.releasesKey(*Other, KeyId) : writesKey(*Other);
  });
}

void AcquireUncheckedCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  const SourceManager &SM = Context.getSourceManager();
  const std::vector<LockApiCall> &ApiCalls = lockApiCalls(Context);
  const AcquireSiteReading &Read = acquireSiteReading(Index);
  const std::vector<AcquireSite> &Sites = Read.Sites;
  ResultReaders Readers(Context, clientModel(), sqlClients());
  llvm::StringMap<llvm::DenseSet<const Expr *>> Releases = releasesByKey(Index);
  KeyWrites Writes(Index);
  llvm::DenseSet<const Expr *> Reported;
  for (const AcquireSite &Site : Sites) {
    // A take that waits is refused only by an error (distlock-unbounded-
    // acquire asks that the wait be bounded).
    if (Site.Blocking)
      continue;
    // A SET without NX always succeeds: there is nothing to check
    // (distlock-redis-set-without-nx reports it).
    if (Site.Command && Site.Command->Call == Site.Call && !LockIndex::isAcquire(*Site.Command))
      continue;
    // A function that takes the lock and does its work under it itself
    // (`makeThumbnails` waiting, writing and unlocking inside) is the
    // critical section, not a take its caller would hold.
    if (Site.Command && Site.Command->Call == Site.Call && worksUnderItsTake(Site, Index))
      continue;
    // A command that is built here and sent by another call (POCO's
    // Command::set, an Array filled with <<) has no reply to check here.
    if (Site.Command && Site.Command->Call == Site.Call && Site.Command->Spec &&
        (Site.Command->Spec->BuildsCommand || Site.Command->Spec->Form == CallForm::Stream))
      continue;
    if (!Site.Call || Site.Call->getBeginLoc().isInvalid() || !Reported.insert(Site.Call).second)
      continue;
    // An asynchronous take answers in its callback, not by its own value.
    if (Site.Command && Site.Command->Call == Site.Call && Site.Command->Spec &&
        Site.Command->Spec->AnswerCallback) {
      reportAsyncTake(Site, Site.Command->Spec->AnswerCallback->ReplyParam, Index,
                      [&](const Stmt *Root) { return workCalls(Root, Readers, SM); },
                      workFollows(Site.Call, Site.Function, Readers, SM));
      continue;
    }
    auto KeyReleases = Site.Command && !Site.Command->Args.empty()
                           ? Releases.find(Index.keyIdentity(Site.Command->Args[0]))
                           : Releases.end();
    Readers.setReleases(KeyReleases == Releases.end() ? nullptr : &KeyReleases->second);
    // A call that returns only holding the lock has no outcome to check,
    // nor has a call of a function that returns nothing: whatever it did
    // with the reply, it did inside (`acquireBlocking()` retries until it
    // holds the lock). But a method that keeps its outcome in a member may
    // be asked through it (`lock.tryLock(); if (!lock.isHeld()) return;`).
    bool AskedByMember = Site.OutcomeMember && (Site.Call->getType()->isVoidType() ||
                                                Readers.neverRead(Site.Call, Site.Function));
    // A call that answers through a variable it is handed (`&held`, or
    // `&reply` for a forwarder that hands out the reply) is asked through
    // that variable; one handed something else, nowhere here.
    const VarDecl *Answer = Site.OutcomeArg ? outcomeVariable(Site) : replyOutVariable(Site);
    if (Site.OutcomeArg && !Answer)
      continue;
    std::string Lock = lockName(Site, Index);
    if (!AskedByMember && !Answer && (Site.HoldsOnReturn || Site.Call->getType()->isVoidType())) {
      // A failure that throws is the answer: a catch that goes on past
      // the try goes on without the lock.
      if (Site.HoldsOnReturn)
        if (auto [Handler, Work] = caughtAndWorked(Site.Call, Readers, Context); Work) {
          diagAt(Site.Call, "'%0' throws when it does not get %1, but a 'catch' of its "
                            "exception goes on: '%2' runs whether or not this process got it")
              << calleeName(cast<CallExpr>(Site.Call)) << Lock << calleeName(Work);
          diag(Handler->getBeginLoc(), "caught here; the code goes on after the 'try'",
               DiagnosticIDs::Note);
          diag(Work->getBeginLoc(), "here, also when it was not taken", DiagnosticIDs::Note);
        }
      continue;
    }
    // A create of the recipe takes no lock: it joins the queue for one.
    if (Site.QueuesForTurn)
      Lock = "a place in the queue for lock '" + Site.KeyText + "'";
    bool Unread = Answer          ? !readAfter(Answer, Site.Call, Site.Function, SM)
                  : AskedByMember ? !asksOutcomeMember(Site, Context)
                                  : Readers.neverRead(Site.Call, Site.Function);
    if (Site.AnswerUnread || Unread) {
      if (!workFollows(Site.Call, Site.Function, Readers, SM))
        continue;
      if (Answer)
        diagAt(Site.Call, "'%0' answers through '%1', which is never checked: the code after "
                          "it runs whether or not this process got %2")
            << calleeName(cast<CallExpr>(Site.Call)) << Answer->getName() << Lock;
      else
        diagAt(Site.Call, "the result of '%0' is never checked: the code after it runs whether "
                          "or not this process got %1")
            << acquireName(Site) << Lock;
      continue;
    }
    if (!Answer && Readers.onlyReported(Site.Call, Site.Function)) {
      if (workFollows(Site.Call, Site.Function, Readers, SM))
        diagAt(Site.Call, "the result of '%0' is only logged: the code after it runs whether "
                          "or not this process got %1")
            << acquireName(Site) << Lock;
      continue;
    }
    std::optional<AcquireTest> Tested = testOfAcquire(Site, Index, Read);
    if (!Tested)
      continue;
    if (const CallExpr *Early = workBeforeReleaseTest(Site.Call, *Tested, Readers, Context)) {
      diagAt(Site.Call, "'%0' runs before the result of '%1' is tested, and that test only "
                        "decides the release: it runs whether or not this process got %2")
          << calleeName(Early) << acquireName(Site) << Lock;
      diag(Early->getBeginLoc(), "here, before the test", DiagnosticIDs::Note);
      continue;
    }
    const RedisCommand *Acquire =
        Site.Command && Site.Command->Call == Site.Call ? Site.Command : nullptr;
    auto Both = workOnBothPaths(*Tested, Acquire, Index, Writes, Readers, Context);
    if (!Both)
      continue;
    auto [Held, Unheld] = *Both;
    if (Tested->OnlyWhetherRan)
      diagAt(Site.Call, "the result of '%0' is tested only for whether the query ran, not for "
                        "what the server answered: '%1' runs whether or not this process got %2")
          << acquireName(Site) << Unheld->getDirectCallee()->getName() << Lock;
    else
      diagAt(Site.Call,
             "the result of '%0' is tested, but '%1' runs whether or not this process got %2")
          << acquireName(Site) << Unheld->getDirectCallee()->getName() << Lock;
    if (Held)
      diag(Held->getBeginLoc(), "here with the lock", DiagnosticIDs::Note);
    diag(Unheld->getBeginLoc(), Held ? "and here without it" : "here, also when it was not taken",
         DiagnosticIDs::Note);
  }

  // A guard whose constructor can finish without the lock, and that
  // nothing asks afterwards: nobody knows whether the work below holds it.
  if (const LockGuards *Guards = lockGuards(Index))
    for (const LockGuard &Guard : Guards->all())
      if (Guard.MayFail && !readAfter(Guard.Object, Guard.Built, Guard.Function, SM) &&
          workFollows(Guard.Built, Guard.Function, Readers, SM) &&
          Reported.insert(Guard.Built).second)
        diag(Guard.Object->getLocation(),
             "'%0' is never asked whether its constructor took lock '%1': the code after it "
             "runs whether or not this process got it")
            << Guard.Object->getName()
            << (Guard.Service == CoordinationService::None ? Index.keyDisplay(Guard.Take.Args[0])
                                                           : Guard.ServiceKey);

  // Attempts at a lock no model names, known by what they are handed (see
  // LockAttempts). What their answer means is unknown, so only an answer
  // that nobody reads is judged.
  LockAttempts Attempts(clientModel(), lockWords());
  // A function of the unit that takes a lock on a coordination service
  // attempts one: etcd's lock(), the create of a ZooKeeper lock node, or
  // the recipe's queued create in a unit that looks at the queue (a waiter
  // may watch the children rather than its predecessor).
  for (const LockApiCall &Api : ApiCalls)
    if (Api.Service != CoordinationService::None && Api.Function && !Api.HoldsOnReturn)
      Attempts.addServiceLock(Api.Function, Api.Call, serviceName(Api.Service));
  const ZooKeeperCalls &Zoo = acquireCalls().zooKeeper();
  if (Zoo.queuesAndListsTurns())
    for (const ZooCall &Create : Zoo.calls())
      if (Create.is(ZooFunction::Create) && Create.Function && Create.Mode &&
          Create.Mode->ephemeral() && Create.Mode->sequential())
        Attempts.addServiceLock(Create.Function, Create.Call,
                                serviceName(CoordinationService::ZooKeeper));
  llvm::DenseSet<const Expr *> SiteCalls;
  for (const AcquireSite &Site : Sites)
    SiteCalls.insert(Site.Call);
  llvm::DenseMap<const FunctionDecl *, llvm::DenseSet<const Expr *>> ReleasesIn;
  for (const CallExpr *Call : Answering) {
    if (Reported.contains(Call) || SiteCalls.contains(Call))
      continue;
    std::optional<LockAttemptEvidence> Why = Attempts.evidenceFor(Call);
    // A function that takes a service's lock answers whether it did by a
    // bool or a status; a handle (the node's path) may come back either way.
    if (Why && Why->What == LockAttemptEvidence::ServiceLock &&
        !Call->getType()->isIntegralOrEnumerationType())
      continue;
    const FunctionDecl *Function = Why ? enclosingFunction(Call, Context) : nullptr;
    if (!Function || !Function->getBody())
      continue;
    auto Emplaced = ReleasesIn.try_emplace(Function);
    auto It = Emplaced.first;
    if (Emplaced.second)
      anyStmtOf(Function, [&](const Stmt *S) {
        if (const auto *Release = dyn_cast<CallExpr>(S); Release && Attempts.namedAsRelease(Release))
          It->second.insert(Release);
        return false;
      });
    Readers.setReleases(&It->second);
    if (!Readers.neverRead(Call, Function) || !workFollows(Call, Function, Readers, SM))
      continue;
    Reported.insert(Call);
    diagAt(Call, "the result of '%0' is never checked: the code after it runs whether or not "
                 "this process got the lock")
        << Call->getDirectCallee()->getQualifiedNameAsString();
    if (Why->What == LockAttemptEvidence::ServiceLock)
      diag(Why->Handed->getBeginLoc(), ServiceLockNote, DiagnosticIDs::Note)
          << calleeName(Call) << Why->Service;
    else
      diag(Why->Handed->getBeginLoc(), HandedNote, DiagnosticIDs::Note)
          << calleeName(Why->Attempt) << (Why->What == LockAttemptEvidence::Lease);
  }
  Answering.clear();
}

} // namespace clang::tidy::distlock
