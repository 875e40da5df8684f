//===--- RedisSetWithoutExpiryCheck.cpp -----------------------------------===//

#include "RedisSetWithoutExpiryCheck.h"
#include "model/redis/FixBuilder.h"
#include "model/redis/RedisCommandKinds.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

RedisSetWithoutExpiryCheck::RedisSetWithoutExpiryCheck(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context) {
  unsigned Value;
  if (std::optional<StringRef> Given = Options.get("DefaultTtlMs");
      Given && (Given->getAsInteger(10, Value) || Value == 0))
    configurationDiag("invalid DefaultTtlMs '%0' for check '%1': expected a positive "
                      "number of milliseconds; %2 is used")
        << *Given << Name << acquireFixes().TtlMs;
}

void RedisSetWithoutExpiryCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RedisCheckBase::storeOptions(Opts);
  Options.store(Opts, "DefaultTtlMs", acquireFixes().TtlMs);
}

namespace {

/// The EXPIRE that gives a SETNX'ed key its expiry later in the same function.
const RedisCommand *laterExpiry(const RedisCommand &SetNx, const LockIndex &Index) {
  std::string KeyId = Index.keyIdentity(SetNx.Args[0]);
  return KeyId.empty() ? nullptr : Index.findLater(SetNx, ExpiryCommands, KeyId);
}

/// True when the SETNX and its EXPIRE run in one script, which Redis runs
/// atomically.
bool inOneScript(const RedisCommand &SetNx, const RedisCommand *Expire) {
  return Expire && Expire->InScript && SetNx.InScript && Expire->Call == SetNx.Call;
}

} // namespace

bool RedisSetWithoutExpiryCheck::isFinding(const RedisCommand &Command, const LockIndex &Index) {
  if (!(LockIndex::writtenValue(Command) || Command.TakesIfAbsent) || !Index.isLockKey(Command) ||
      Index.isPlainWriteOfContextLock(Command))
    return false;
  if (Command.is("SETNX") || Command.TakesIfAbsent)
    return !inOneScript(Command, laterExpiry(Command, Index));
  return !LockIndex::setsExpiry(Command) && !Command.hasOption("KEEPTTL") &&
         !Command.mayHaveOption("KEEPTTL");
}

void RedisSetWithoutExpiryCheck::reportFinding(const RedisCommand &Command,
                                               const LockIndex &Index) {
  std::string Key = Index.keyDisplay(Command.Args[0]);
  if (!Command.is("SETNX") && !Command.TakesIfAbsent) {
    auto Diag = diagAt(Command.Call, "lock '%0' is taken with '%select{SET|SET ... NX}1' "
                                          "but no expiry: if its holder dies, the lock is "
                                          "never released")
                << Key << LockIndex::isAcquire(Command);
    // When distlock-redis-set-without-nx reports this call too, its finding
    // carries the one fix that adds both: two copies of one edit would be
    // applied twice by clang-tidy.
    if (!acquireFixes().AddNx || !LockIndex::overwritesHolder(Command))
      Diag << safeAcquireFix(Command, acquireFixes(), Index.context());
    return;
  }
  // SETNX cannot carry an expiry; a separate EXPIRE after it leaves a window.
  if (const RedisCommand *Expire = laterExpiry(Command, Index)) {
    diagAt(Command.Call, "lock '%0' is taken with '%2' and given its expiry by a "
                              "separate '%1': a crash between the two calls leaves the lock "
                              "without expiry")
        << Key << Expire->Name << Command.Name;
    diag(locationOf(*Expire), "expiry set here", DiagnosticIDs::Note);
    // On a note: the take's reply changes kind (a status or nil, not 1/0).
    std::vector<FixItHint> Fix = atomicTakeFix(Command, *Expire, Index.context());
    if (!Fix.empty()) {
      diag(locationOf(Command), "take the lock and set its expiry in one 'SET ... NX PX'",
           DiagnosticIDs::Note)
          << Fix;
      return;
    }
  } else {
    diagAt(Command.Call, "lock '%0' is taken with '%1', which cannot set an "
                              "expiry: if its holder dies, the lock is never released")
        << Key << Command.Name;
  }
  diag(locationOf(Command), "acquire with 'SET <key> <token> NX PX <milliseconds>' instead",
       DiagnosticIDs::Note);
}

} // namespace clang::tidy::distlock
