//===--- UnfencedWriteCheck.cpp -------------------------------------------===//

#include "UnfencedWriteCheck.h"
#include "model/AcquireCalls.h"
#include "model/CommandExtractor.h"
#include "model/DistributedLockScopes.h"
#include "model/RedisCommandKinds.h"
#include "model/ScopeAccesses.h"
#include "model/SqlExecutions.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

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
  // Objects whose constructor may acquire (RAII locks).
  Finder->addMatcher(varDecl(hasLocalStorage(), hasInitializer(cxxConstructExpr()),
                             unless(isExpansionInSystemHeader()))
                         .bind("object"),
                     this);
}

void UnfencedWriteCheck::checkMore(const MatchFinder::MatchResult &Result) {
  if (const auto *Object = Result.Nodes.getNodeAs<VarDecl>("object"))
    Objects.push_back(Object);
}

void UnfencedWriteCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  const SourceManager &SM = Context.getSourceManager();
  std::vector<SqlExecution> Executions = acquireCalls().takeSql(Context, strings(), helperCalls());
  std::vector<DistributedLockScope> Scopes = findDistributedLockScopes(
      Index, Executions, helperCalls(), Objects, acquireCalls().takeApiCalls());
  Objects.clear();
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
  for (const DistributedLockScope &Scope : Scopes) {
    // Advisory locks are strongly consistent; fencing there is opt-in.
    if (Scope.Advisory && !RequireFencingUnderAdvisoryLocks)
      continue;
    for (const Access &A : Accesses.of(Scope.Function, Scope.Begin, Scope.End,
                                       [&](SourceLocation Loc) {
           return Scope.contains(Loc, SM);
         })) {
      std::string What;
      if (A.Command) {
        if (Index.deletesKey(*A.Command, Scope.KeyId))
          break; // The lock is gone: what follows is outside its scope.
        bool Fenced = A.Command->InScript && A.Command->ScriptChecksOwner;
        if (!CheckRedisWrites || Fenced || !writesKey(*A.Command) ||
            Index.keyIdentity(A.Command->Args[0]) == Scope.KeyId)
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
      diag(A.At, "write to %0 in the scope of lock '%1' has no fencing predicate; a holder "
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
      diag(A.At,
           "%select{make the write conditional on a fencing token: take it with 'INCR "
           "fence:<name>' after the acquire and add 'AND last_fence < $N' to the "
           "WHERE clause|write through a Lua script that first compares a fencing token "
           "taken with 'INCR fence:<name>' after the acquire}0",
           DiagnosticIDs::Note)
          << (A.Command ? 1 : 0);
    }
  }
}

} // namespace clang::tidy::distlock
