//===--- RedisUncheckedExtendCheck.cpp ------------------------------------===//

#include "RedisUncheckedExtendCheck.h"
#include "model/redis/FixBuilder.h"
#include "model/redis/RedisCommandKinds.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

RedisUncheckedExtendCheck::RedisUncheckedExtendCheck(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context) {}

namespace {

constexpr StringRef SetCommands[] = {"SET", "SETNX", "SETEX", "PSETEX"};

bool isSetXx(const RedisCommand &Command) {
  return Command.is("SET") && Command.hasOption("XX");
}

} // namespace

bool RedisUncheckedExtendCheck::isFinding(const RedisCommand &Command, const LockIndex &Index) {
  bool Expire = llvm::is_contained(ExpiryCommands, Command.Name);
  if ((!Expire && !isSetXx(Command)) || Command.ScriptChecksOwner || !Index.isLockKey(Command))
    return false;
  // An expiry right after the key was set without one completes the acquire:
  // atomically inside a script, or as a pair that
  // distlock-redis-set-without-expiry reports.
  std::string KeyId = Index.keyIdentity(Command.Args[0]);
  const RedisCommand *Set =
      KeyId.empty() ? nullptr : Index.findEarlier(Command, SetCommands, KeyId);
  return !(Expire && Set && !LockIndex::setsExpiry(*Set));
}

void RedisUncheckedExtendCheck::reportFinding(const RedisCommand &Command,
                                              const LockIndex &Index) {
  diagAt(Command.Call,
       "%select{'%1'|'SET ... XX'}2 extends lock '%0' without checking that this process "
       "still holds it: a holder whose lock expired extends the next holder's lock")
      << Index.keyDisplay(Command.Args[0]) << Command.Name << (isSetXx(Command) ? 1 : 0);
  diagAt(Command.Call,
       "extend with 'EVAL \"%0\" 1 <key> <token> <milliseconds>', which refreshes the "
       "expiry only while the key holds this process's token",
       DiagnosticIDs::Note)
      << CompareAndExpireScript;
}

} // namespace clang::tidy::distlock
