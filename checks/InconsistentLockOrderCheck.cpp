//===--- InconsistentLockOrderCheck.cpp -----------------------------------===//

#include "InconsistentLockOrderCheck.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/values/ExprText.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include <map>

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// True when every run-time part of \p Key is a parameter of \p Function:
/// the caller decides which instance, and in which order.
bool fromParameters(const CommandWord &Key, const FunctionDecl *Function) {
  bool Any = false;
  for (const CommandWord::Piece &Piece : Key.Pieces) {
    if (Piece.Text)
      continue;
    const auto *Ref = Piece.Source ? dyn_cast<DeclRefExpr>(
                                         stripStringWrappers(Piece.Source)->IgnoreParenImpCasts())
                                   : nullptr;
    const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    if (!Param || Param->getDeclContext() != Function)
      return false;
    Any = true;
  }
  return Any;
}

/// True when \p Function compares, sorts or swaps anything before \p Loc:
/// two keys ordered first are taken in one global order.
bool ordersFirst(const FunctionDecl *Function, SourceLocation Loc, const SourceManager &SM) {
  return anyStmtOf(Function, [&](const Stmt *S) {
    if (!isBefore(SM, S->getBeginLoc(), Loc))
      return false;
    if (const auto *Compare = dyn_cast<BinaryOperator>(S))
      return Compare->isRelationalOp();
    if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(S))
      return Operator->isComparisonOp();
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        return llvm::is_contained({"min", "max", "minmax", "swap", "sort"}, Callee->getName());
    return false;
  });
}

/// An attempt to take a lock, whether or not its result opens a scope (a
/// retry loop's acquire does not): where, and which lock.
struct Attempt {
  const FunctionDecl *Function;
  SourceLocation Acquired;
  /// The lock's identity across the project (`lock:order:{}`,
  /// `pg_advisory:42`), the key as the user reads it, its identity here.
  std::string Pattern, Key, KeyId;
  /// The Redis key's word; null for an advisory lock.
  const CommandWord *KeyWord = nullptr;
  bool Advisory = false;
  /// For a lock kept by a database server: the server, which breaks a
  /// deadlock between its own locks.
  std::string System;
};

/// A region where a lock is held.
struct Held {
  Attempt Lock;
  SourceLocation Begin, End;

  bool contains(SourceLocation Loc, const SourceManager &SM) const {
    return !isBefore(SM, Loc, Begin) && !isBefore(SM, End, Loc);
  }
};

/// One place where lock Inner is taken while lock Outer is held.
struct Nesting {
  const Held *Outer;
  const Attempt *Inner;
};

/// The advisory locks taken with a key that is the same in every run, and
/// where they are held: a tested pg_try_advisory_lock for its scope, a
/// blocking pg_advisory_lock up to its unlock (or the function's end).
void advisoryLocks(llvm::ArrayRef<SqlExecution> Executions,
                   llvm::ArrayRef<DistributedLockScope> Scopes, const SourceManager &SM,
                   std::vector<Attempt> &Attempts, std::vector<Held> &Regions) {
  // Each advisory call with a constant key, with the execution that runs it.
  std::vector<std::pair<const SqlExecution *, const SqlStatement::AdvisoryCall *>> Calls;
  for (const SqlExecution &E : Executions)
    for (const SqlStatement &Statement : E.Statements)
      for (const SqlStatement::AdvisoryCall &Call : Statement.AdvisoryCalls)
        if (Call.constantKey() && E.Function && E.Function->getBody())
          Calls.push_back({&E, &Call});
  for (const auto &[E, Call] : Calls) {
    if (!Call->takes())
      continue;
    std::string Id = Call->identity();
    // The message quotes the key: a name is shown without its own quotes.
    llvm::StringRef Key = Call->Key;
    if (Key.size() > 2 && Key.front() == '\'' && Key.back() == '\'')
      Key = Key.drop_front().drop_back();
    Attempt Taken{E->Function, E->Call->getBeginLoc(), Id, Call->Lock->Noun + " " + Key.str(), Id,
                  nullptr, true, Call->Lock->System};
    Attempts.push_back(Taken);
    if (!Call->waits()) {
      for (const DistributedLockScope &Scope : Scopes)
        if (Scope.Advisory && Scope.Acquired == Taken.Acquired)
          Regions.push_back({Taken, Scope.Begin, Scope.End});
      continue;
    }
    // Held up to the first unlock of the key after it, or the function's end.
    SourceLocation End = E->Function->getBody()->getEndLoc();
    for (const auto &[Later, Unlock] : Calls)
      if (Later->Function == E->Function && Unlock->releases() &&
          Unlock->identity() == Call->identity() &&
          isBefore(SM, Taken.Acquired, Later->Call->getBeginLoc()) &&
          isBefore(SM, Later->Call->getBeginLoc(), End))
        End = Later->Call->getBeginLoc();
    Regions.push_back({Taken, E->Call->getEndLoc(), End});
  }
}

} // namespace

InconsistentLockOrderCheck::InconsistentLockOrderCheck(StringRef Name, ClangTidyContext *Context)
    : AcquireCheckBase(Name, Context),
      LockOrderFiles(modelFilesOption("LockOrderFiles")) {
  if (llvm::Expected<std::vector<LockOrder>> Loaded = loadLockOrderFiles(LockOrderFiles))
    Elsewhere = std::move(*Loaded);
  else
    configurationDiag("%0") << llvm::toString(Loaded.takeError());
}

void InconsistentLockOrderCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  AcquireCheckBase::storeOptions(Opts);
  Options.store(Opts, "LockOrderFiles", LockOrderFiles);
}

void InconsistentLockOrderCheck::registerMoreMatchers(ast_matchers::MatchFinder *Finder) {
  AcquireCheckBase::registerMoreMatchers(Finder);
  registerLockObjects(Finder);
}

void InconsistentLockOrderCheck::checkMore(const ast_matchers::MatchFinder::MatchResult &Result) {
  collectLockObject(Result);
}

void InconsistentLockOrderCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  const SourceManager &SM = Context.getSourceManager();
  const std::vector<SqlExecution> &Executions = sqlExecutions(Context);
  const LockGuards *Guards = lockGuards(Index);
  // The guards' lives hold locks as the acquires' scopes do.
  std::vector<DistributedLockScope> Scopes =
      lockObjectScopes(Index, acquireSiteReading(Index), lockObjects(), Guards);
  llvm::append_range(Scopes, lockScopes(Index));
  std::vector<Attempt> Attempts;
  if (Guards)
    for (const LockGuard &Guard : Guards->all()) {
      if (Guard.Service != CoordinationService::None)
        continue;
      const CommandWord &Key = Guard.Take.Args[0];
      Attempts.push_back({Guard.Function, Guard.Object->getLocation(), LockIndex::keyPattern(Key),
                          Index.keyDisplay(Key), Index.keyIdentity(Key), &Key});
    }
  for (const AcquireSite &Site : acquireSites(Index))
    if (Site.Command && LockIndex::isAcquire(*Site.Command) && !Site.Command->Args.empty()) {
      const CommandWord &Key = Site.Command->Args[0];
      Attempts.push_back({Site.Function, Site.Call->getBeginLoc(), LockIndex::keyPattern(Key),
                          Index.keyDisplay(Key), Index.keyIdentity(Key), &Key});
    }
  std::vector<Held> Regions;
  for (const DistributedLockScope &Scope : Scopes)
    if (!Scope.Advisory && !Scope.Key.empty() && Scope.Service == CoordinationService::None)
      Regions.push_back({{Scope.Function, Scope.Acquired, LockIndex::keyPattern(Scope.KeyWord),
                          Scope.Key, Scope.KeyId, &Scope.KeyWord},
                         Scope.Begin,
                         Scope.End});
  advisoryLocks(Executions, Scopes, SM, Attempts, Regions);

  // Each function's attempts in source order: a region looks only at those
  // that start inside it, however many the function holds.
  llvm::DenseMap<const FunctionDecl *, std::vector<const Attempt *>> AttemptsOf;
  for (const Attempt &Inner : Attempts)
    AttemptsOf[Inner.Function].push_back(&Inner);
  SourceOrder Before(SM);
  for (auto &[Function, InFunction] : AttemptsOf)
    llvm::stable_sort(InFunction, [&](const Attempt *A, const Attempt *B) {
      return Before(A->Acquired, B->Acquired);
    });
  // Which pattern is taken inside which, in source order.
  std::map<std::pair<std::string, std::string>, std::vector<Nesting>> Orders;
  for (const Held &Outer : Regions) {
    auto Found = AttemptsOf.find(Outer.Lock.Function);
    if (Found == AttemptsOf.end())
      continue;
    auto First =
        std::partition_point(Found->second.begin(), Found->second.end(),
                             [&](const Attempt *A) { return Before(A->Acquired, Outer.Begin); });
    for (auto It = First; It != Found->second.end() && !Before(Outer.End, (*It)->Acquired);
         ++It) {
      const Attempt &Inner = **It;
      if (Inner.Key.empty() || !Outer.contains(Inner.Acquired, SM))
        continue;
      if (Outer.Lock.Pattern != Inner.Pattern) {
        Orders[{Outer.Lock.Pattern, Inner.Pattern}].push_back({&Outer, &Inner});
        continue;
      }
      // One pattern twice, each instance from its own parameter, unordered:
      // transfer(a, b) and transfer(b, a) deadlock.
      if (Outer.Lock.KeyWord && Inner.KeyWord && Outer.Lock.KeyId != Inner.KeyId &&
          fromParameters(*Outer.Lock.KeyWord, Outer.Lock.Function) &&
          fromParameters(*Inner.KeyWord, Inner.Function) &&
          !ordersFirst(Outer.Lock.Function, Outer.Lock.Acquired, SM))
        diag(Inner.Acquired, "lock '%0' is taken while lock '%1' is held, each from its own "
                             "parameter and in the order the caller passes them: a call with "
                             "the arguments swapped waits for this one, and this one for it, "
                             "until a TTL expires")
            << Inner.Key << Outer.Lock.Key;
    }
  }

  auto Report = [&](const Nesting &Here, SourceLocation OtherOuter, StringRef OtherOuterKey,
                    SourceLocation OtherInner, StringRef OtherInnerKey) {
    // Blocked locks of one database server end in its deadlock error;
    // Redis locks in a wait for the TTL.
    bool Server = Here.Outer->Lock.Advisory && Here.Inner->Advisory &&
                  Here.Outer->Lock.System == Here.Inner->System;
    diag(Here.Inner->Acquired, "locks '%0' and '%1' are taken in this order here and in the "
                               "other order elsewhere: two workers that each hold one wait "
                               "for the other %select{until a TTL expires|until %3 "
                               "aborts one of them as a deadlock}2")
        << Here.Outer->Lock.Key << Here.Inner->Key << Server << Here.Inner->System;
    diag(Here.Outer->Lock.Acquired, "'%0' is taken first here", DiagnosticIDs::Note)
        << Here.Outer->Lock.Key;
    diag(OtherOuter, "'%0' is taken first here", DiagnosticIDs::Note) << OtherOuterKey;
    diag(OtherInner, "then '%0' while it is held", DiagnosticIDs::Note) << OtherInnerKey;
  };
  for (const auto &[Pair, Places] : Orders) {
    const auto &[First, Second] = Pair;
    const Nesting &One = Places.front();
    SeenLockOrders::record({{First, One.Outer->Lock.Key, placeOf(One.Outer->Lock.Acquired, SM)},
                            {Second, One.Inner->Key, placeOf(One.Inner->Acquired, SM)}});
    // Each pair once: from the side whose pattern sorts first.
    if (First > Second)
      continue;
    auto Reverse = Orders.find({Second, First});
    if (Reverse != Orders.end()) {
      const Nesting &Other = Reverse->second.front();
      Report(One, Other.Outer->Lock.Acquired, Other.Outer->Lock.Key, Other.Inner->Acquired,
                   Other.Inner->Key);
      continue;
    }
    // The other order in another unit of the project.
    for (const LockOrder &There : Elsewhere) {
      if (There.Outer.Pattern != Second || There.Inner.Pattern != First)
        continue;
      SourceLocation Outer = locationIn(There.Outer.At), Inner = locationIn(There.Inner.At);
      if (Outer.isInvalid() || Inner.isInvalid())
        continue;
      Report(One, Outer, There.Outer.Key, Inner, There.Inner.Key);
      break;
    }
  }
}

} // namespace clang::tidy::distlock
