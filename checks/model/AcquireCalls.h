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

#include "CommandSummaries.h"
#include "DistributedLockScopes.h"
#include "LocalLockModel.h"
#include "SqlExecutions.h"
#include "StringValue.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <vector>

namespace locklint::model {

class AcquireCallCollector : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  AcquireCallCollector(const SqlClientModel &Sql, const LockApiModel &Apis)
      : Sql(Sql), Apis(Apis) {}

  void registerMatchers(clang::ast_matchers::MatchFinder *Finder);
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// The SQL the translation unit runs, through its helpers \p Calls; and
  /// the lock-API calls. Both start empty again for the next unit.
  std::vector<SqlExecution> takeSql(clang::ASTContext &Context, StringValueTracker &Strings,
                                    llvm::ArrayRef<HelperCall> Calls);
  std::vector<LockApiCall> takeApiCalls();

private:
  const SqlClientModel &Sql;
  const LockApiModel &Apis;
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>> SqlCalls;
  std::vector<LockApiCall> ApiCalls;
};

} // namespace locklint::model

#endif
