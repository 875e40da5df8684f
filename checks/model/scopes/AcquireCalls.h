//===--- AcquireCalls.h - the calls that may take a lock --------*- C++ -*-===//
//
// Besides Redis commands, a distributed lock is taken by SQL
// (pg_try_advisory_lock), by redis-plus-plus's RedMutex::try_lock, and by a
// project's own lock APIs that a model file names. Every check that needs
// the acquires registers this collector with its MatchFinder and reads what
// it saw at the end of the translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ACQUIRECALLS_H
#define LOCKLINT_CHECKS_MODEL_ACQUIRECALLS_H

#include "model/redis/CommandSummaries.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/etcd/EtcdCalls.h"
#include "model/scopes/LocalLockModel.h"
#include "model/sql/SqlExecutions.h"
#include "model/values/StmtWalk.h"
#include "model/values/StringValue.h"
#include "model/zookeeper/ZooKeeperCalls.h"
#include "llvm/ADT/DenseSet.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <deque>
#include <vector>

namespace locklint::model {

/// True when \p Call names a lock node: one named for a lock, or one whose
/// name is known only at run time, in a method of a class named for a lock
/// (`NodeLock(zh, path)`, `ZkMutex::lock()`), or created by a try-lock that
/// keeps it in a member that another function of the unit deletes (of
/// \p Zoo's calls).
bool namesLockNode(const ZooCall &Call, const ZooKeeperCalls &Zoo, const WordMatcher &LockWords);

/// The members of objects or handles (`path_`, `m->path`) that hold a lock
/// node by what the unit does with them, whatever the path: a node created
/// ephemeral under that name, deleted through it, and watched through it,
/// as a contender that waits for the holder to let go does (of \p Zoo's
/// calls).
llvm::DenseSet<const clang::FieldDecl *> lockNodeMembers(const ZooKeeperCalls &Zoo);

/// True when \p Call names its node through one of \p Members.
bool namesNodeThrough(const ZooCall &Call,
                      const llvm::DenseSet<const clang::FieldDecl *> &Members);

/// The calls \p Function makes of functions this unit does not define,
/// each with the entry of \p Entries (a list of a lock-API model) that
/// describes it: a lock class's method defined in another unit, say.
template <typename Entry>
std::vector<std::pair<const clang::CallExpr *, const Entry *>>
modelledCalls(const clang::FunctionDecl *Function,
              const llvm::StringMap<std::vector<Entry>> &Entries) {
  std::vector<std::pair<const clang::CallExpr *, const Entry *>> Found;
  if (Entries.empty() || !Function || !Function->getBody())
    return Found;
  anyOwnStmtOf(Function, [&](const clang::Stmt *S) {
    const auto *Call = llvm::dyn_cast<clang::CallExpr>(S);
    const clang::FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || Callee->isDefined() || llvm::isa<clang::CXXOperatorCallExpr>(Call))
      return false;
    if (const Entry *Modelled = LockApiModel::entryFor(
            Entries, Callee->getQualifiedNameAsString(), Callee->getNumParams()))
      Found.emplace_back(Call, Modelled);
    return false;
  });
  return Found;
}

class AcquireCallCollector : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  /// \p Redis: the client model whose entries may name a project's
  /// ZooKeeper wrappers; null for none.
  AcquireCallCollector(const SqlClientModel &Sql, const LockApiModel &Apis,
                       const ClientModel *Redis = nullptr)
      : Sql(Sql), Apis(Apis), Redis(Redis) {}

  /// Registers the collector's matchers, and its calls with \p AsIs, a
  /// dispatch of \p Finder that sees the AST as it is.
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder, CallDispatch &AsIs);
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// The SQL the translation unit runs, through its helpers \p Calls; and
  /// the lock-API calls. Both start empty again for the next unit.
  std::vector<SqlExecution> takeSql(clang::ASTContext &Context, StringValueTracker &Strings,
                                    llvm::ArrayRef<HelperCall> Calls);
  /// The lock-API calls, coordination services' acquires among them: a
  /// ZooKeeper lock node's create (nodes named by \p LockWords), etcd's
  /// lock(). Afterwards zooKeeper() and etcd() hold the unit's calls of
  /// those clients, until the next unit's take.
  std::vector<LockApiCall> takeApiCalls(clang::ASTContext &Context, StringValueTracker &Strings,
                                        const WordMatcher &LockWords);
  const ZooKeeperCalls &zooKeeper() const { return Zoo; }
  llvm::ArrayRef<EtcdCall> etcd() const { return EtcdTaken; }

private:
  /// Adds the calls of the unit's own ZooKeeper wrappers (see
  /// ZooKeeperCalls::wrappers), wrappers of wrappers included, and offers
  /// the wrappers to the unit's summary.
  void addWrapperCalls(clang::ASTContext &Context, StringValueTracker &Strings);

  const SqlClientModel &Sql;
  const LockApiModel &Apis;
  const ClientModel *Redis;
  /// The wrappers the unit defines, for the calls of them added.
  std::deque<ZooFunction> UnitWrappers;
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>> SqlCalls;
  std::vector<LockApiCall> ApiCalls;
  /// The ZooKeeper calls matched, read at the take into Zoo.
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>> ZooMatched;
  ZooKeeperCalls Zoo;
  EtcdCalls Etcd;
  std::vector<EtcdCall> EtcdTaken;
};

} // namespace locklint::model

#endif
