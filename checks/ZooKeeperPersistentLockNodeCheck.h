//===--- ZooKeeperPersistentLockNodeCheck.h --------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_ZOOKEEPERPERSISTENTLOCKNODECHECK_H
#define LOCKLINT_CHECKS_ZOOKEEPERPERSISTENTLOCKNODECHECK_H

#include "ZooKeeperCheckBase.h"

namespace clang::tidy::distlock {

/// Finds a ZooKeeper lock node created without ZOO_EPHEMERAL: it outlives a
/// crashed holder, a lock with no expiry.
///
/// For the user-facing documentation see docs/checks/distlock-zookeeper-persistent-lock-node.md
class ZooKeeperPersistentLockNodeCheck : public ZooKeeperCheckBase {
public:
  using ZooKeeperCheckBase::ZooKeeperCheckBase;

private:
  void checkZooKeeper(const locklint::model::ZooKeeperCalls &Calls, ASTContext &Context) override;
};

} // namespace clang::tidy::distlock

#endif
