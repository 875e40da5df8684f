//===--- RedisUncheckedReleaseCheck.cpp -----------------------------------===//

#include "RedisUncheckedReleaseCheck.h"
#include "model/redis/FixBuilder.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

RedisUncheckedReleaseCheck::RedisUncheckedReleaseCheck(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context) {}

namespace {

/// The first word of a release that is a lock key, or 0 when the release is
/// reported for its helper's callers and none of its own words is.
size_t lockKeyIndex(const RedisCommand &Release, const LockIndex &Index) {
  for (size_t I = 0; I < Release.Args.size(); ++I)
    if (Index.isLockKey(Release, I))
      return I;
  return 0;
}

} // namespace

bool RedisUncheckedReleaseCheck::isFinding(const RedisCommand &Command, const LockIndex &Index) {
  if ((!Command.is("DEL") && !Command.is("UNLINK")) || Command.ScriptChecksOwner ||
      Index.undoesOwnAcquire(Command) || Index.clearsBeforeAcquire(Command))
    return false;
  for (size_t I = 0; I < Command.Args.size(); ++I)
    if (Index.isLockKey(Command, I))
      return true;
  return false;
}

void RedisUncheckedReleaseCheck::reportFinding(const RedisCommand &Command,
                                               const LockIndex &Index) {
  if (Command.Args.empty())
    return;
  const CommandWord &Key = Command.Args[lockKeyIndex(Command, Index)];
  std::string KeyId = Index.keyIdentity(Key);
  const RedisCommand *Get = KeyId.empty() || Command.InScript
                                ? nullptr
                                : Index.findEarlier(Command, {"GET"}, KeyId);
  diagAt(Command.Call,
       "%select{'%1' releases lock '%0' without checking that this process still "
       "holds it|lock '%0' is released by '%1' after a separate 'GET': another process "
       "can take the lock between the check and the delete}2")
      << Index.keyDisplay(Key) << Command.Name << (Get ? 1 : 0);
  if (Get)
    diag(locationOf(*Get), "owner read here", DiagnosticIDs::Note);
  const RedisCommand *Acquire =
      KeyId.empty() ? nullptr : Index.findAcquire(KeyId, Command.Function);
  if (Acquire)
    diag(locationOf(*Acquire), "lock acquired here", DiagnosticIDs::Note);
  suggestRelease(Index, Command, Acquire, Get);
}

/// Offers the compare-and-delete call as a fix-it on a note, since it changes
/// what the call returns; without a visible token the note shows the script.
void RedisUncheckedReleaseCheck::suggestRelease(const LockIndex &Index, const RedisCommand &Release,
                                                const RedisCommand *Acquire,
                                                const RedisCommand *Get) {
  const Expr *Token = nullptr;
  if (Acquire && Acquire->Args.size() > 1 && !Acquire->Args[1].text()) {
    const CommandWord &Value = Acquire->Args[1];
    char Conversion = Value.Pieces.empty() ? '\0' : Value.Pieces.front().Conversion;
    if (Conversion == 0 || Conversion == 's')
      Token = Value.soleExpression();
  }
  // Without the acquire in sight, the token the GET's answer is compared
  // with is the one the release meant to check.
  if (!Token && Get)
    Token = tokenComparedWithOwner(*Get, Release, Index.context());
  if (Token && isVisibleAt(Token, Release)) {
    auto Fix = releaseFix(Release, Token, Index.context());
    if (!Fix.empty()) {
      diagAt(Release.Call,
           "delete the key only while it still holds this process's "
           "token, in one script",
           DiagnosticIDs::Note)
          << Fix;
      return;
    }
  }
  diagAt(Release.Call,
       "release with 'EVAL \"%0\" 1 <key> <token>', which deletes the "
       "key only while it still holds this process's token",
       DiagnosticIDs::Note)
      << CompareAndDeleteScript;
}

} // namespace clang::tidy::distlock
