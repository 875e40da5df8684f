//===--- ZooKeeperPersistentLockNodeCheck.cpp -----------------------------===//

#include "ZooKeeperPersistentLockNodeCheck.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

void ZooKeeperPersistentLockNodeCheck::checkZooKeeper(const ZooKeeperCalls &Calls,
                                                      ASTContext &Context) {
  for (const ZooCall &Create : Calls.calls()) {
    if (!Create.is(ZooFunction::Create) || !Create.Mode || !Create.Mode->permanent() ||
        !Calls.isLockNode(Create, lockWords()))
      continue;
    auto Diag = diagAt(Create.Call, "lock node '%0' is created %select{persistent|persistent "
                                    "and sequential}1: it outlives a holder that crashes or "
                                    "loses its session, and the lock is never freed")
                << Create.PathDisplay << Create.Mode->sequential();
    // The mode is constants joined by `|` (modeOf read no more): replacing
    // it whole keeps the call's meaning but for the node's life.
    // A wrapper that passes the mode itself has none here to replace.
    SourceRange Mode = Create.ModeExpr ? Create.ModeExpr->getSourceRange() : SourceRange();
    if (Mode.isValid() && Mode.getBegin().isFileID() && Mode.getEnd().isFileID())
      Diag << FixItHint::CreateReplacement(Mode, ZooKeeperModel::ephemeralName(*Create.Mode));
  }
}

} // namespace clang::tidy::distlock
