//===--- ZooKeeperCheckBase.h -----------------------------------*- C++ -*-===//
//
// Base of the checks that read only the ZooKeeper C client's calls: collects
// them over the translation unit and hands them over at its end.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_ZOOKEEPERCHECKBASE_H
#define LOCKLINT_CHECKS_ZOOKEEPERCHECKBASE_H

#include "AcquireReading.h"
#include "RedisCheckBase.h"
#include "model/zookeeper/ZooKeeperCalls.h"

namespace clang::tidy::distlock {

class ZooKeeperCheckBase : public RedisCheckBase {
public:
  ZooKeeperCheckBase(StringRef Name, ClangTidyContext *Context);

protected:
  /// The end of the translation unit, with every ZooKeeper call of it.
  virtual void checkZooKeeper(const locklint::model::ZooKeeperCalls &Calls,
                              ASTContext &Context) = 0;

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) final;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) final;
  void unitFinished() final;

  /// The unit's calls of the lock services, read once for every check.
  std::shared_ptr<AcquireReading> Services;
};

} // namespace clang::tidy::distlock

#endif
