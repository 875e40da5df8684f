//===--- ReleaseNotOnEveryPathCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_RELEASENOTONEVERYPATHCHECK_H
#define LOCKLINT_CHECKS_RELEASENOTONEVERYPATHCHECK_H

#include "AcquireCheckBase.h"

namespace clang::tidy::distlock {

/// Finds a distributed lock taken and released in one function where an
/// early return, a break or continue, or a throw leaves the lock held.
///
/// For the user-facing documentation see
/// docs/checks/distlock-release-not-on-every-path.md
class ReleaseNotOnEveryPathCheck : public AcquireCheckBase {
public:
  ReleaseNotOnEveryPathCheck(StringRef Name, ClangTidyContext *Context)
      : AcquireCheckBase(Name, Context) {}

private:
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;
};

} // namespace clang::tidy::distlock

#endif
