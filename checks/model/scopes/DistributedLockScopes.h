//===--- DistributedLockScopes.h - where a distributed lock is held -*- C++ -*-===//
//
// A distributed lock is held only on the path where its acquire succeeded:
// the branch where `SET ... NX` answered OK (or true, or 1), after an early
// return on failure, or for the life of an RAII object whose constructor
// acquires. This model finds those regions, for every check that asks what
// happens while a lock is held.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_DISTRIBUTEDLOCKSCOPES_H
#define LOCKLINT_CHECKS_MODEL_DISTRIBUTEDLOCKSCOPES_H

#include <memory>
#include "model/redis/CommandSummaries.h"
#include "model/scopes/CoordinationService.h"
#include "model/scopes/LockGuards.h"
#include "model/scopes/OutcomeTests.h"
#include "model/redis/LockIndex.h"
#include "model/sql/SqlExecutions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace locklint::model {


/// A region of one function where a distributed lock is held.
struct DistributedLockScope {
  const clang::FunctionDecl *Function = nullptr;
  /// The region: from the success branch's start to its end or the release.
  clang::SourceLocation Begin, End;
  /// The call that acquires (the acquire command, a wrapper's call, an RAII
  /// object's declaration).
  clang::SourceLocation Acquired;
  /// The acquire command, when it is a Redis one.
  const RedisCommand *Acquire = nullptr;
  /// The lock key as the user reads it and its identity; the TTL as written.
  std::string Key, KeyId, Ttl;
  /// The lock key's word, for what the two strings above do not say (its
  /// pattern, the expressions it is built from); empty for advisory locks.
  CommandWord KeyWord;
  /// A lock kept by a database server (a PostgreSQL advisory lock, a MySQL
  /// named lock): strongly consistent, no TTL, held by the session. Then Key
  /// names the function that took it, ServerLock what it is (its family,
  /// its release, what the server calls it).
  bool Advisory = false;
  const SqlLockFunction *ServerLock = nullptr;
  /// For a lock of a coordination service: ZooKeeper, etcd.
  CoordinationService Service = CoordinationService::None;
  /// Where a fencing token is taken in the scope (`INCR fence:<name>`), if it is.
  clang::SourceLocation FenceTaken;
  /// True when the lock is held after a loop that waits for it
  /// (`while (!TryLock()) sleep(1);`).
  bool AfterWait = false;

  bool contains(clang::SourceLocation Loc, const clang::SourceManager &SM) const;
};

/// A call of a lock API: one a model file declares, which acquires \p Key
/// and returns true on success; or a coordination service's acquire (a
/// ZooKeeper lock node's create, etcd's lock()), which names its Service,
/// its key as a pattern, and the status values it answers.
struct LockApiCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  const clang::Expr *Key = nullptr;
  CoordinationService Service = CoordinationService::None;
  std::string KeyText;
  std::vector<int64_t> Successes, Failures;
  /// True for a step that can fail but holds no lock yet: the ephemeral
  /// sequential create of ZooKeeper's recipe, which queues for a turn.
  bool QueuesForTurn = false;
  /// True for an API that returns only holding the lock (see AcquireSite).
  bool HoldsOnReturn = false;
  /// For an API whose SQL takes a lock in the database server: that lock.
  std::optional<SqlStatement::AdvisoryCall> SqlLock;
  /// For an API that answers through a parameter: its position.
  std::optional<unsigned> OutcomeArg;
};

/// A call that takes a distributed lock, whatever its form.
struct AcquireSite {
  AcquireSite(const clang::Expr *Call, const clang::FunctionDecl *Function,
              const RedisCommand *Command, const clang::Expr *Key = nullptr)
      : Call(Call), Function(Function), Command(Command), Key(Key) {}

  const clang::Expr *Call = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// The Redis command that acquires; null for an advisory lock or an API
  /// from a model file.
  const RedisCommand *Command = nullptr;
  /// For an API from a model file: the key argument.
  const clang::Expr *Key = nullptr;
  /// For a coordination service's acquire: the service and the key.
  CoordinationService Service = CoordinationService::None;
  std::string KeyText;
  /// For a lock taken by SQL: the call in the statement, and the call that
  /// runs the query when the answer comes from another one (Call then is
  /// mysql_store_result). AnswerUnread: the function never fetches it.
  const SqlStatement::AdvisoryCall *SqlLock = nullptr;
  const clang::Expr *Query = nullptr;
  bool AnswerUnread = false;

  /// True when Call fetches the rows of the query that took the lock.
  bool fetchesAnswer() const { return Query && Query != Call; }
  /// For a call of a function that reports the acquire's outcome as a value
  /// of its own (`RR::SUCCESS`, `RR::LOCK_FAILED`): the values it returns on
  /// success and on failure. Empty when it returns the reply or a bool.
  std::vector<int64_t> Successes, Failures;
  /// See LockApiCall: its success opens no scope.
  bool QueuesForTurn = false;
  /// For a call of a function that returns only holding the lock: its own
  /// acquire's failure throws. The lock is held from the call on.
  bool HoldsOnReturn = false;
  /// For SQL that waits until the server grants the lock (pg_advisory_lock):
  /// it fails only by an error, so it holds once its query ran. It opens a
  /// scope like any take; there is no refusal for its caller to test.
  bool Blocking = false;
  /// For a call of a method that keeps its acquire's outcome in a member of
  /// its object (`held_ = reply && ...`): that member, true when it took
  /// the lock. Callers may ask it rather than the call's answer.
  const clang::FieldDecl *OutcomeMember = nullptr;
  /// For a call of a function that answers through a parameter (`int
  /// *held`): that argument's position. The variable it points to is the
  /// answer (Successes and Failures its values); what the call returns
  /// says only whether the request ran.
  std::optional<unsigned> OutcomeArg;
};

// Sites and calls are gathered in growing vectors: moved, never copied.
static_assert(std::is_nothrow_move_constructible_v<LockApiCall> &&
              std::is_nothrow_move_constructible_v<AcquireSite>);

/// Every acquire of the translation unit: takes of lock keys, calls of
/// functions that return an acquire's outcome (the reply, a bool or a status
/// value, through any number of wrappers), pg_try_advisory_lock, and the
/// \p ApiCalls of model-declared lock APIs.
std::vector<AcquireSite> findAcquireSites(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql,
                                          llvm::ArrayRef<HelperCall> Calls,
                                          llvm::ArrayRef<LockApiCall> ApiCalls);

/// The functions that pass an acquire's outcome on to their callers.
struct AcquireWrappers;

/// The outcome tests of a unit's acquire sites, read once each.
class AcquireTests;

/// findAcquireSites()'s sites with the wrappers found on the way, so that
/// the scopes over them are found without reading the sites again.
struct AcquireSiteReading {
  std::vector<AcquireSite> Sites;
  std::shared_ptr<const AcquireWrappers> Wrappers;
  /// The tests read so far, for whatever asks next about these sites.
  std::shared_ptr<AcquireTests> Tests;
};

AcquireSiteReading readAcquireSites(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql,
                                    llvm::ArrayRef<HelperCall> Calls,
                                    llvm::ArrayRef<LockApiCall> ApiCalls);

/// How an acquire's outcome is tested: the if-statement, right after the
/// call or after the variable that keeps the result, and whether its
/// condition being true means the lock was taken; or the switch over it.
struct AcquireTest {
  const clang::IfStmt *Test = nullptr;
  bool Positive = true;
  /// Or a switch over the status the acquire answers, and what each of its
  /// cases says.
  const clang::SwitchStmt *Switch = nullptr;
  std::optional<SwitchOutcomes> Cases;
  /// True for an if that leaves on one failure value of several (`if (rc
  /// == ZNODEEXISTS) return;`) with no later test of the others: after it
  /// the lock may or may not be held.
  bool SomeFailuresOnly = false;
  /// With SomeFailuresOnly, for a lock taken by SQL: the test asks only
  /// whether the query ran (`PQresultStatus(r) == PGRES_TUPLES_OK`), and
  /// lets the server's refusal through with its grant.
  bool OnlyWhetherRan = false;

  static AcquireTest ofIf(const clang::IfStmt *Test, bool Positive) {
    AcquireTest Read;
    Read.Test = Test;
    Read.Positive = Positive;
    return Read;
  }

  /// The statement that tests: the if or the switch.
  const clang::Stmt *statement() const {
    return Test ? static_cast<const clang::Stmt *>(Test) : Switch;
  }
  /// For an if: its branch where the lock is held, and the other.
  const clang::Stmt *successBranch() const {
    return !Test ? nullptr : Positive ? Test->getThen() : Test->getElse();
  }
  const clang::Stmt *failureBranch() const {
    return !Test ? nullptr : Positive ? Test->getElse() : Test->getThen();
  }
};

/// The test of \p Site's outcome; std::nullopt when it is not tested by an
/// if-statement (dropped, returned, or read some other way). \p Read is the
/// reading the site comes from, which remembers the tests read.
std::optional<AcquireTest> testOfAcquire(const AcquireSite &Site, const LockIndex &Index,
                                         const AcquireSiteReading &Read);

/// For \p Site's call of a function that answers through a parameter:
/// the variable the call hands it (`&held`); null otherwise.
const clang::VarDecl *outcomeVariable(const AcquireSite &Site);
/// The local reply variable a Redis take hands by address to a function
/// that puts the reply there and returns something else (`bool
/// Exec(redisReply **out, const char *fmt, ...)`): the answer is read from
/// it, not from what the call returns.
const clang::VarDecl *replyOutVariable(const AcquireSite &Site);

/// True when, after \p Site's call, its function asks the member the
/// called method keeps its outcome in, on the same object.
bool asksOutcomeMember(const AcquireSite &Site, clang::ASTContext &Context);

/// The resource a redis-plus-plus RedMutex was built with, for \p Mutex (an
/// expression naming the mutex variable); null when it cannot be seen.
const clang::Expr *redMutexResource(const clang::Expr *Mutex);

/// Finds distributed-lock scopes in a translation unit: where the acquires
/// \p Read holds succeed (Redis commands, SQL such as pg_try_advisory_lock,
/// lock APIs, also through the helpers that return an acquire's result),
/// and the life of the \p Objects whose constructor acquires.
std::vector<DistributedLockScope>
findDistributedLockScopes(const LockIndex &Index, const AcquireSiteReading &Read,
                          llvm::ArrayRef<const clang::VarDecl *> Objects,
                          const LockGuards *Guards = nullptr);
/// Its two parts: the life of the \p Objects whose constructor acquires,
/// and the scopes the acquire sites open. The second does not depend on the
/// objects, so the checks share one reading of it.
std::vector<DistributedLockScope> lockObjectScopes(const LockIndex &Index,
                                                   const AcquireSiteReading &Read,
                                                   llvm::ArrayRef<const clang::VarDecl *> Objects,
                                                   const LockGuards *Guards = nullptr);
std::vector<DistributedLockScope> acquireSiteScopes(const LockIndex &Index,
                                                    const AcquireSiteReading &Read);

} // namespace locklint::model

#endif
