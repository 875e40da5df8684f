//===--- AcquireUncheckedCheck.h --------------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_ACQUIREUNCHECKEDCHECK_H
#define LOCKLINT_CHECKS_ACQUIREUNCHECKEDCHECK_H

#include "AcquireCheckBase.h"
#include "model/scopes/AsyncAnswers.h"
#include "model/scopes/DistributedLockScopes.h"

namespace clang::tidy::distlock {

/// Finds lock acquires that can fail but whose result is never looked at,
/// while the code goes on to the work the lock protects.
///
/// For the user-facing documentation see docs/checks/distlock-acquire-unchecked.md
class AcquireUncheckedCheck : public AcquireCheckBase {
public:
  AcquireUncheckedCheck(StringRef Name, ClangTidyContext *Context)
      : AcquireCheckBase(Name, Context) {}

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkMore(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;
  /// An asynchronous take (redisAsyncCommand): its own value says only that
  /// the command was queued, and its answer is read in the callback.
  /// \p WorkFollows: the function does work after the call.
  void reportAsyncTake(const locklint::model::AcquireSite &Site, unsigned ReplyParam,
                       const locklint::model::LockIndex &Index,
                       locklint::model::WorkCallsFn WorkCalls, bool WorkFollows);

  /// Calls of functions that answer something: each may attempt a lock that
  /// no model names (see LockAttempts).
  std::vector<const CallExpr *> Answering;
};

} // namespace clang::tidy::distlock

#endif
