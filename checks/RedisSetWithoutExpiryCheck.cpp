//===--- RedisSetWithoutExpiryCheck.cpp -----------------------------------===//

#include "RedisSetWithoutExpiryCheck.h"
#include "model/FixBuilder.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

RedisSetWithoutExpiryCheck::RedisSetWithoutExpiryCheck(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context), DefaultTtlMs(Options.get("DefaultTtlMs", "30000")) {
  unsigned Value;
  if (StringRef(DefaultTtlMs).getAsInteger(10, Value) || Value == 0)
    configurationDiag("invalid DefaultTtlMs '%0' for check '%1': expected a positive "
                      "number of milliseconds")
        << DefaultTtlMs << Name;
}

void RedisSetWithoutExpiryCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RedisCheckBase::storeOptions(Opts);
  Options.store(Opts, "DefaultTtlMs", DefaultTtlMs);
}

void RedisSetWithoutExpiryCheck::checkCommands(const LockIndex &Index) {
  for (const RedisCommand *Command : Index.commands()) {
    if (!LockIndex::writtenValue(*Command) || !Index.isLockKey(*Command))
      continue;
    if (Command->is("SETNX")) {
      reportSetNx(Index, *Command);
      continue;
    }
    if (LockIndex::setsExpiry(*Command) || Command->hasOption("KEEPTTL") ||
        Command->mayHaveOption("KEEPTTL"))
      continue;
    diag(locationOf(*Command), "lock '%0' is taken with '%select{SET|SET ... NX}1' but no "
                               "expiry: if its holder dies, the lock is never released")
        << Index.keyDisplay(Command->Args[0]) << LockIndex::isAcquire(*Command)
        << addOptionFix(*Command, "PX", DefaultTtlMs, Index.context());
  }
}

/// SETNX cannot carry an expiry. A separate EXPIRE after it is still a
/// finding, unless both run in one script, which Redis runs atomically.
void RedisSetWithoutExpiryCheck::reportSetNx(const LockIndex &Index, const RedisCommand &Command) {
  std::string KeyId = Index.keyIdentity(Command.Args[0]);
  std::string Key = Index.keyDisplay(Command.Args[0]);
  static constexpr StringRef ExpireCommands[] = {"EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT"};
  const RedisCommand *Expire =
      KeyId.empty() ? nullptr : Index.findLater(Command, ExpireCommands, KeyId);
  if (Expire && Expire->Call == Command.Call)
    return; // Both in one script, which Redis runs atomically.
  if (Expire) {
    diag(locationOf(Command), "lock '%0' is taken with 'SETNX' and given its expiry by a "
                              "separate '%1': a crash between the two calls leaves the lock "
                              "without expiry")
        << Key << Expire->Name;
    diag(locationOf(*Expire), "expiry set here", DiagnosticIDs::Note);
  } else {
    diag(locationOf(Command), "lock '%0' is taken with 'SETNX', which cannot set an "
                              "expiry: if its holder dies, the lock is never released")
        << Key;
  }
  diag(locationOf(Command), "acquire with 'SET <key> <token> NX PX <milliseconds>' instead",
       DiagnosticIDs::Note);
}

} // namespace clang::tidy::distlock
