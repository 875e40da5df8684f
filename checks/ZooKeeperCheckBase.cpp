//===--- ZooKeeperCheckBase.cpp -------------------------------------------===//

#include "ZooKeeperCheckBase.h"
#include "model/redis/CommandExtractor.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {

void ZooKeeperCheckBase::registerMoreMatchers(MatchFinder *Finder) {
  Finder->addMatcher(ZooKeeperCalls::callMatcher(), this);
}

void ZooKeeperCheckBase::checkMore(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(ZooKeeperCalls::CallId))
    Calls.add(Call, enclosingFunction(Call, *Result.Context), *Result.Context, strings());
}

void ZooKeeperCheckBase::checkTranslationUnit(const LockIndex &Index) {
  checkZooKeeper(Calls, Index.context());
  Calls.clear();
}

} // namespace clang::tidy::distlock
