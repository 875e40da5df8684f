//===--- ZooKeeperUnversionedDeleteCheck.h ---------------------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_ZOOKEEPERUNVERSIONEDDELETECHECK_H
#define LOCKLINT_CHECKS_ZOOKEEPERUNVERSIONEDDELETECHECK_H

#include "ZooKeeperCheckBase.h"

namespace clang::tidy::distlock {

/// Finds zoo_delete(..., -1) of a lock node with a fixed name: it deletes the
/// node whoever holds it now, an unchecked release.
///
/// For the user-facing documentation see docs/checks/distlock-zookeeper-unversioned-delete.md
class ZooKeeperUnversionedDeleteCheck : public ZooKeeperCheckBase {
public:
  using ZooKeeperCheckBase::ZooKeeperCheckBase;

private:
  void checkZooKeeper(const locklint::model::ZooKeeperCalls &Calls, ASTContext &Context) override;
};

} // namespace clang::tidy::distlock

#endif
