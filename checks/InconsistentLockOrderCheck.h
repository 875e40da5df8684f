//===--- InconsistentLockOrderCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_INCONSISTENTLOCKORDERCHECK_H
#define LOCKLINT_CHECKS_INCONSISTENTLOCKORDERCHECK_H

#include "AcquireCheckBase.h"

namespace clang::tidy::distlock {

/// Finds two distributed locks taken in both orders, and two locks of one
/// key pattern taken from two parameters without ordering them first: two
/// workers then wait for each other until the TTLs expire.
///
/// For the user-facing documentation see
/// docs/checks/distlock-inconsistent-lock-order.md
class InconsistentLockOrderCheck : public AcquireCheckBase {
public:
  InconsistentLockOrderCheck(StringRef Name, ClangTidyContext *Context)
      : AcquireCheckBase(Name, Context) {}

private:
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;
};

} // namespace clang::tidy::distlock

#endif
