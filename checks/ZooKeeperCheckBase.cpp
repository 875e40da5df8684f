//===--- ZooKeeperCheckBase.cpp -------------------------------------------===//

#include "ZooKeeperCheckBase.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {

ZooKeeperCheckBase::ZooKeeperCheckBase(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context),
      Services(AcquireReading::shareServiceCallsFor(Context, readingOptions(), reading())) {}

void ZooKeeperCheckBase::registerMoreMatchers(MatchFinder *Finder) {
  Services->registerMatchers(*Finder);
}

void ZooKeeperCheckBase::checkTranslationUnit(const LockIndex &Index) {
  ASTContext &Context = Index.context();
  checkZooKeeper(Services->serviceCalls(Context, strings()).ZooKeeper, Context);
}

void ZooKeeperCheckBase::unitFinished() { Services->finishedBy(this); }

} // namespace clang::tidy::distlock
