//===--- ZooKeeperSessionLossIgnoredCheck.h --------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_ZOOKEEPERSESSIONLOSSIGNOREDCHECK_H
#define LOCKLINT_CHECKS_ZOOKEEPERSESSIONLOSSIGNOREDCHECK_H

#include "ZooKeeperCheckBase.h"

namespace clang::tidy::distlock {

/// Finds a ZooKeeper session whose watcher never looks at the session's
/// state while the program holds ephemeral lock nodes.
///
/// For the user-facing documentation see docs/checks/distlock-zookeeper-session-loss-ignored.md
class ZooKeeperSessionLossIgnoredCheck : public ZooKeeperCheckBase {
public:
  using ZooKeeperCheckBase::ZooKeeperCheckBase;

private:
  void checkZooKeeper(const locklint::model::ZooKeeperCalls &Calls, ASTContext &Context) override;
};

} // namespace clang::tidy::distlock

#endif
