//===--- RedisSetWithoutNxCheck.cpp ---------------------------------------===//

#include "RedisSetWithoutNxCheck.h"
#include "model/FixBuilder.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

RedisSetWithoutNxCheck::RedisSetWithoutNxCheck(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context) {}

bool RedisSetWithoutNxCheck::isFinding(const RedisCommand &Command, const LockIndex &Index) {
  if (!Command.is("SET") && !Command.is("SETEX") && !Command.is("PSETEX"))
    return false;
  // XX refreshes a held lock (unchecked-extend); an owner-checked script
  // writes only while it holds the lock.
  return !Command.hasOption("NX") && !Command.mayHaveOption("NX") && !Command.hasOption("XX") &&
         !Command.mayHaveOption("XX") && !Command.ScriptChecksOwner &&
         Index.isLockKey(Command);
}

void RedisSetWithoutNxCheck::reportFinding(const RedisCommand &Command, const LockIndex &Index) {
  bool Set = Command.is("SET");
  auto Diag = diag(locationOf(Command),
                   "'%0' of lock key '%1' %select{has no 'NX'|cannot take 'NX'}2: it "
                   "overwrites the current holder instead of acquiring the lock")
              << Command.Name << Index.keyDisplay(Command.Args[0]) << (Set ? 0 : 1);
  if (Set)
    Diag << addOptionFix(Command, "NX", "", Index.context());
}

} // namespace clang::tidy::distlock
