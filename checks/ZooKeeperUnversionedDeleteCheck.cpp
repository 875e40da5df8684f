//===--- ZooKeeperUnversionedDeleteCheck.cpp ------------------------------===//

#include "ZooKeeperUnversionedDeleteCheck.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

void ZooKeeperUnversionedDeleteCheck::checkZooKeeper(const ZooKeeperCalls &Calls,
                                                     ASTContext &Context) {
  for (const ZooCall &Delete : Calls.calls()) {
    if (!Delete.is(ZooFunction::Delete) || Delete.Version != -1 ||
        !Delete.namesLock(lockWords()) ||
        Calls.deletesOwnSequentialNode(Delete))
      continue;
    // The same fixed name created here: the node is this unit's lock. The
    // create through the same member or variable is the one to name.
    const ZooCall *Create = nullptr;
    for (const ZooCall &Other : Calls.calls())
      if (Other.is(ZooFunction::Create) && Other.sameNode(Delete) &&
          !(Other.Mode && Other.Mode->sequential()) &&
          (!Create || (Other.PathId == Delete.PathId && Create->PathId != Delete.PathId)))
        Create = &Other;
    if (!Create)
      continue;
    diagAt(Delete.Call, "'%0' with version -1 deletes lock node '%1' whoever holds it: once "
                        "this session has expired and another process has taken the lock, "
                        "it deletes theirs")
        << Delete.Call->getDirectCallee()->getName() << Delete.PathDisplay;
    diag(Create->Call->getBeginLoc(),
         "the node is created here; create it with ZOO_EPHEMERAL_SEQUENTIAL and delete the "
         "name the create returned, which only this session has",
         DiagnosticIDs::Note);
  }
}

} // namespace clang::tidy::distlock
