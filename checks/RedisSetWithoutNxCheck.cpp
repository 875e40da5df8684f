//===--- RedisSetWithoutNxCheck.cpp ---------------------------------------===//

#include "RedisSetWithoutNxCheck.h"
#include "model/redis/FixBuilder.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

RedisSetWithoutNxCheck::RedisSetWithoutNxCheck(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context) {}

bool RedisSetWithoutNxCheck::isFinding(const RedisCommand &Command, const LockIndex &Index) {
  return LockIndex::overwritesHolder(Command) && Index.isLockKey(Command) &&
         !Index.isPlainWriteOfContextLock(Command) && !Index.continuesOwnAcquire(Command);
}

void RedisSetWithoutNxCheck::reportFinding(const RedisCommand &Command, const LockIndex &Index) {
  bool Set = Command.is("SET");
  auto Diag = diagAt(Command.Call,
                   "'%0' of lock key '%1' %select{has no 'NX'|cannot take 'NX'}2: it "
                   "overwrites the current holder instead of acquiring the lock")
              << Command.Name << Index.keyDisplay(Command.Args[0]) << (Set ? 0 : 1);
  if (Set)
    Diag << safeAcquireFix(Command, acquireFixes(), Index.context());
}

} // namespace clang::tidy::distlock
