//===--- EtcdLeaseNotKeptAliveCheck.h ---------------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_ETCDLEASENOTKEPTALIVECHECK_H
#define LOCKLINT_CHECKS_ETCDLEASENOTKEPTALIVECHECK_H

#include "RedisCheckBase.h"
#include "model/etcd/EtcdCalls.h"

namespace clang::tidy::distlock {

/// Finds an etcd lock held on a lease that nothing keeps alive, or whose
/// KeepAlive's failure nobody hears.
///
/// For the user-facing documentation see docs/checks/distlock-etcd-lease-not-kept-alive.md
class EtcdLeaseNotKeptAliveCheck : public RedisCheckBase {
public:
  using RedisCheckBase::RedisCheckBase;

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;

  locklint::model::EtcdCalls Calls;
};

} // namespace clang::tidy::distlock

#endif
