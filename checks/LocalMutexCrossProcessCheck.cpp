//===--- LocalMutexCrossProcessCheck.cpp ----------------------------------===//

#include "LocalMutexCrossProcessCheck.h"
#include "model/CommandExtractor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// Redis commands that read a key's value, and ones that replace it. Atomic
/// read-and-change commands (INCR, HINCRBY, GETSET) are neither: they are the
/// fix, not the race.
bool readsKey(const RedisCommand &Command) {
  static constexpr StringRef Reads[] = {
      "GET",    "MGET",     "HGET",   "HMGET",  "HGETALL", "HEXISTS",  "HLEN",   "HKEYS",
      "HVALS",  "EXISTS",   "LRANGE", "LINDEX", "LLEN",    "SMEMBERS", "SCARD",  "SISMEMBER",
      "ZSCORE", "ZRANGE",   "ZRANK",  "ZCARD",  "STRLEN",  "GETRANGE", "TTL",    "PTTL"};
  return llvm::is_contained(Reads, Command.Name);
}

bool writesKey(const RedisCommand &Command) {
  static constexpr StringRef Writes[] = {
      "SET",  "SETEX", "PSETEX", "SETNX", "MSET",  "HSET", "HMSET", "HSETNX", "HDEL",
      "DEL",  "UNLINK", "LPUSH", "RPUSH", "LPOP",  "RPOP", "LSET",  "LREM",   "LTRIM",
      "SADD", "SREM",  "ZADD",   "ZREM",  "APPEND", "SETRANGE", "EXPIRE", "PEXPIRE"};
  return llvm::is_contained(Writes, Command.Name);
}

/// A read and a later write of one piece of shared state.
struct ReadModifyWrite {
  SourceLocation Read, Write;
  std::string What;
};

/// The first Redis read-modify-write inside \p Scope. WATCH before the read
/// (MULTI/EXEC) and Lua scripts make it atomic.
std::optional<ReadModifyWrite> redisRaceIn(const LocalLockScope &Scope, const LockIndex &Index) {
  const SourceManager &SM = Index.context().getSourceManager();
  std::vector<const RedisCommand *> Inside;
  for (const RedisCommand *Command : Index.commands())
    if (Command->Function == Scope.Function && !Command->InScript && !Command->Args.empty() &&
        Scope.contains(Command->Call->getBeginLoc(), SM))
      Inside.push_back(Command);
  if (llvm::any_of(Inside, [](const RedisCommand *C) { return C->is("WATCH"); }))
    return std::nullopt;
  for (size_t I = 0; I < Inside.size(); ++I) {
    if (!readsKey(*Inside[I]))
      continue;
    std::string Key = Index.keyIdentity(Inside[I]->Args[0]);
    if (Key.empty())
      continue;
    for (size_t J = I + 1; J < Inside.size(); ++J)
      if (writesKey(*Inside[J]) && Index.keyIdentity(Inside[J]->Args[0]) == Key)
        return ReadModifyWrite{Inside[I]->Call->getBeginLoc(), Inside[J]->Call->getBeginLoc(),
                               "Redis key '" + Index.keyDisplay(Inside[I]->Args[0]) + "'"};
  }
  return std::nullopt;
}

/// The first SQL read-modify-write inside \p Scope: a SELECT of a table, then
/// a change of it on the same connection, with no row lock taken first.
std::optional<ReadModifyWrite> sqlRaceIn(const LocalLockScope &Scope,
                                         llvm::ArrayRef<SqlExecution> Executions,
                                         const SourceManager &SM) {
  std::vector<const SqlExecution *> Inside;
  for (const SqlExecution &E : Executions)
    if (E.Function == Scope.Function && Scope.contains(E.Call->getBeginLoc(), SM))
      Inside.push_back(&E);
  for (size_t I = 0; I < Inside.size(); ++I)
    for (const SqlStatement &Read : Inside[I]->Statements) {
      if (Read.StatementKind != SqlStatement::Select || Read.LocksRows)
        continue;
      for (const std::string &Table : Read.TablesRead)
        for (size_t J = I + 1; J < Inside.size(); ++J) {
          if (Inside[J]->Connection != Inside[I]->Connection)
            continue;
          for (const SqlStatement &Write : Inside[J]->Statements)
            if (Write.writes(Table))
              return ReadModifyWrite{Inside[I]->Call->getBeginLoc(),
                                     Inside[J]->Call->getBeginLoc(), "table '" + Table + "'"};
        }
    }
  return std::nullopt;
}

} // namespace

LocalMutexCrossProcessCheck::LocalMutexCrossProcessCheck(StringRef Name,
                                                         ClangTidyContext *Context)
    : RedisCheckBase(Name, Context), Locks(builtinLocalLocks()),
      SqlClients(builtinSqlClients()) {}

void LocalMutexCrossProcessCheck::registerMoreMatchers(MatchFinder *Finder) {
  auto Names = [](const std::vector<std::string> &Strings) {
    return std::vector<StringRef>(Strings.begin(), Strings.end());
  };
  std::vector<std::string> Guards = LocalLockScopes::guardNames(Locks);
  std::vector<std::string> Methods = LocalLockScopes::methodNames(Locks);
  std::vector<std::string> Functions = LocalLockScopes::functionNames(Locks);
  std::vector<std::string> Sql = SqlExecutions::names(SqlClients);
  Finder->addMatcher(
      varDecl(hasType(hasUnqualifiedDesugaredType(
                  recordType(hasDeclaration(cxxRecordDecl(hasAnyName(Names(Guards))))))),
              unless(isExpansionInSystemHeader()))
          .bind("guard"),
      this);
  Finder->addMatcher(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName(Names(Methods)))),
                                       unless(isExpansionInSystemHeader()))
                         .bind("lock-call"),
                     this);
  Finder->addMatcher(callExpr(callee(functionDecl(hasAnyName(Names(Functions)))),
                              unless(isExpansionInSystemHeader()))
                         .bind("lock-call"),
                     this);
  Finder->addMatcher(callExpr(callee(functionDecl(hasAnyName(Names(Sql)))),
                              unless(isExpansionInSystemHeader()))
                         .bind("sql-call"),
                     this);
}

void LocalMutexCrossProcessCheck::checkMore(const MatchFinder::MatchResult &Result) {
  if (const auto *Guard = Result.Nodes.getNodeAs<VarDecl>("guard"))
    Guards.push_back(Guard);
  else if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("lock-call"))
    LockCalls.push_back(Call);
  else if (const auto *Sql = Result.Nodes.getNodeAs<CallExpr>("sql-call"))
    SqlCalls.emplace_back(Sql, enclosingFunction(Sql, *Result.Context));
}

void LocalMutexCrossProcessCheck::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  LocalLockScopes Scopes(Locks, Context);
  for (const VarDecl *Guard : Guards)
    Scopes.addGuard(Guard);
  for (const CallExpr *Call : LockCalls)
    Scopes.addCall(Call);
  SqlExecutions Sql(SqlClients, Context, strings());
  for (const auto &[Call, Function] : SqlCalls)
    Sql.add(Call, Function);
  std::vector<SqlExecution> Executions = Sql.finish();
  Guards.clear();
  LockCalls.clear();
  SqlCalls.clear();

  for (const LocalLockScope &Scope : Scopes.finish()) {
    std::optional<ReadModifyWrite> Race = redisRaceIn(Scope, Index);
    if (!Race)
      Race = sqlRaceIn(Scope, Executions, Context.getSourceManager());
    if (!Race)
      continue;
    diag(Scope.Acquired, "'%0' only excludes threads of this process; the read-modify-write "
                         "of %1 in its scope races with other processes")
        << Scope.LockType << Race->What;
    diag(Race->Read, "read here", DiagnosticIDs::Note);
    diag(Race->Write, "written here", DiagnosticIDs::Note);
    diag(Scope.Acquired, "make the change one atomic step: a single command such as 'INCR' "
                         "or a Lua script, a transaction with 'SELECT ... FOR UPDATE', or a "
                         "distributed lock",
         DiagnosticIDs::Note);
  }
}

} // namespace clang::tidy::distlock
