//===--- InconsistentLockOrderCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_INCONSISTENTLOCKORDERCHECK_H
#define LOCKLINT_CHECKS_INCONSISTENTLOCKORDERCHECK_H

#include "AcquireCheckBase.h"
#include "model/scopes/LockOrders.h"

namespace clang::tidy::distlock {

/// Finds two distributed locks taken in both orders, and two locks of one
/// key pattern taken from two parameters without ordering them first: two
/// workers then wait for each other until the TTLs expire.
///
/// For the user-facing documentation see
/// docs/checks/distlock-inconsistent-lock-order.md
class InconsistentLockOrderCheck : public AcquireCheckBase {
public:
  InconsistentLockOrderCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkMore(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;

  /// Files with the orders other units take locks in; the driver names them
  /// in whole-project analysis.
  const std::string LockOrderFiles;
  std::vector<locklint::model::LockOrder> Elsewhere;
};

} // namespace clang::tidy::distlock

#endif
