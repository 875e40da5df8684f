//===--- LockIndex.h --------------------------------------------*- C++ -*-===//
//
// Every Redis command the translation unit issues, in source order, with the
// answer to the question all Redis lock checks ask first: does this command
// touch a lock key? A key is a lock key when its head noun matches
// LockKeyPattern ("storeLockKey", not "lockInfoKey"), when the unit takes it
// only-if-absent, reads the outcome and lets it expire or deletes it, when
// a script checks its owner, or when the key has no name of its own and a
// function or class named as a lock operation touches it.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LOCKINDEX_H
#define LOCKLINT_CHECKS_MODEL_LOCKINDEX_H

#include "model/values/BlockReferences.h"
#include "model/redis/LockWords.h"
#include "model/redis/RedisCommand.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <deque>

namespace locklint::model {

/// The Redis commands of one translation unit.
///
///   LockIndex Index(std::move(Commands), KeyWords, Context);
///   for (const RedisCommand *Command : Index.commands())
///     if (Command->is("DEL") && Index.isLockKey(*Command)) ...
class LockIndex {
public:
  LockIndex(std::deque<RedisCommand> Collected, const WordMatcher &KeyWords,
            clang::ASTContext &Context);

  /// All commands in source order, those read out of EVAL scripts included
  /// (right after their EVAL), and those issued through helpers at the call
  /// of the helper.
  llvm::ArrayRef<const RedisCommand *> commands() const { return Flat; }
  /// The commands \p Function issues, in no particular order.
  std::vector<const RedisCommand *> commandsIn(const clang::FunctionDecl *Function) const;

  /// The instances of \p Command at the calls of the helper that issues it.
  llvm::ArrayRef<const RedisCommand *> instancesOf(const RedisCommand &Command) const {
    auto It = Instances.find(&Command);
    if (It == Instances.end())
      return {};
    return It->second;
  }

  clang::ASTContext &context() const { return Context; }
  /// Which statements of each block name which variables, read once per
  /// block for every question about the unit's acquires.
  BlockReferences &blockReferences() const { return Blocks; }

  /// A name for the key word \p Word, equal for two words that name the same
  /// key; empty when the word's value is unknown.
  std::string keyIdentity(const CommandWord &Word) const;
  /// True when the lock key \p Lock is made from the key \p Data, the
  /// same text and the same variables in the same place ("lock" + key made
  /// from key): the lock is the one that protects that data.
  bool madeFrom(const CommandWord &Lock, const CommandWord &Data) const;
  /// The key as the user would read it: "lock:{name}".
  std::string keyDisplay(const CommandWord &Word) const;
  /// The key's pattern: its text, with `{}` for each part known only at run
  /// time. "lock:account:" + from and "lock:account:" + to share one;
  /// a literal Redis hash tag ("{orders}:lock") stays text.
  static std::string keyPattern(const CommandWord &Word);
  /// True when \p Command deletes the key \p KeyId (DEL, UNLINK), which
  /// releases a lock held there.
  bool deletesKey(const RedisCommand &Command, llvm::StringRef KeyId) const;
  /// The identity of the key \p Command deletes; empty when it deletes none.
  std::string deletedKey(const RedisCommand &Command) const;
  /// True when \p Command, or a command of its script, deletes \p KeyId.
  bool releasesKey(const RedisCommand &Command, llvm::StringRef KeyId) const;
  /// True when the key \p Command takes is a lock only because it is taken
  /// only-if-absent: neither its name nor the code around it says lock. A
  /// marker (`SET sent:42 1 NX EX 86400`, "the first caller wins") is such a
  /// key too.
  bool lockOnlyByTake(const RedisCommand &Command) const;
  /// True when some command of the unit deletes a key of \p Key's pattern
  /// or renews its expiry, directly or in a script: its value is then read
  /// as an owner's. A key with no text of its own may be any key: true.
  bool releasedOrRenewed(const CommandWord &Key) const;

  /// True when word \p ArgIndex of \p Command is a lock key.
  /// True when \p Command's key counts as a lock only by the name of the
  /// code around it, and \p Command neither takes it only-if-absent nor
  /// gives it an expiry: a plain write of a value (`SET key value` in
  /// lockSet()) is no attempt to take a lock, and says nothing of one.
  bool isPlainWriteOfContextLock(const RedisCommand &Command) const;
  bool isLockKey(const RedisCommand &Command, size_t ArgIndex = 0) const;

  /// True for SET ... NX and SETNX.
  static bool isAcquire(const RedisCommand &Command);
  /// The word a command writes as the key's value when it takes the key:
  /// SET (without XX), SETNX, SETEX and PSETEX; null for other commands.
  static const CommandWord *writtenValue(const RedisCommand &Command);
  /// True when the command gives the key an expiry, or may.
  static bool setsExpiry(const RedisCommand &Command);
  /// True when a write of the key's value overwrites whoever holds it: a
  /// SET, SETEX or PSETEX with neither NX nor XX (XX refreshes a held lock),
  /// outside a script that checks the owner first.
  static bool overwritesHolder(const RedisCommand &Command);

  /// Where key \p KeyId is taken: by any SET of it in \p Function, else by
  /// its first acquire (SET NX, SETNX) anywhere.
  const RedisCommand *findAcquire(llvm::StringRef KeyId, const clang::FunctionDecl *Function) const;
  /// The last command named one of \p Names on key \p KeyId in the same
  /// function as \p Command and before it.
  const RedisCommand *findEarlier(const RedisCommand &Command,
                                  llvm::ArrayRef<llvm::StringRef> Names,
                                  llvm::StringRef KeyId) const;
  /// The first such command after \p Command.
  const RedisCommand *findLater(const RedisCommand &Command, llvm::ArrayRef<llvm::StringRef> Names,
                                llvm::StringRef KeyId) const;

  /// True when \p Release deletes the process's own key where giving it an
  /// expiry failed, right after its own acquire: the key never expired, so
  /// nobody else can hold it, and deleting it is cleanup.
  bool undoesOwnAcquire(const RedisCommand &Release) const;
  /// True when \p Release clears the key before its function first takes
  /// it, outside any loop that takes it: a reset of what an earlier run left,
  /// not the release of a lock this process holds.
  bool clearsBeforeAcquire(const RedisCommand &Release) const;
  /// True when \p Write sets the key's value or expiry where the same
  /// function's acquire of it was tested (its success branch, or after a
  /// branch that leaves on failure): the second half of that acquire, whose
  /// faults are the acquire's.
  bool continuesOwnAcquire(const RedisCommand &Write) const;

private:
  /// The key of a command the caller issues itself; empty for a script's
  /// commands and unknown keys.
  std::string callerKeyId(const RedisCommand &Command) const;
  KeyNaming keyNaming(const CommandWord &Word) const;
  /// True when the function or class that issues \p Command is a lock
  /// operation or a lock.
  bool contextSaysLock(const RedisCommand &Command) const;
  /// True when \p Name starts or ends with a lock word ("TryLock",
  /// "acquireJob", "DistLock"): it is a lock or works one. Names where locks
  /// are only in the middle ("SaveLockInfo", "GetLockOwner") do not count.
  bool namesLock(llvm::StringRef Name) const;

  /// Positions in Flat of \p Function's commands on key \p KeyId, in order.
  llvm::ArrayRef<size_t> positionsOf(const clang::FunctionDecl *Function,
                                     llvm::StringRef KeyId) const;

  std::deque<RedisCommand> Commands;
  std::vector<const RedisCommand *> Flat;
  // Indexes over Flat, so each lookup costs what one function holds, not
  // what the translation unit holds.
  std::vector<std::string> FirstKeyIds; // keyIdentity of each first word
  llvm::DenseMap<const RedisCommand *, size_t> Positions;
  llvm::DenseMap<const clang::FunctionDecl *, llvm::StringMap<std::vector<size_t>>> ByFunctionKey;
  llvm::StringMap<size_t> FirstAcquires;
  llvm::DenseMap<const RedisCommand *, std::vector<const RedisCommand *>> Instances;
  const WordMatcher &KeyWords;
  /// What the text and the value names in keys say, by text: every check
  /// asks of the same keys, and reading a name splits it into words.
  mutable llvm::StringMap<KeyNaming> TextNamings, SourceNamings;
  mutable BlockReferences Blocks;
  /// The key patterns some command deletes or renews, once asked.
  mutable std::optional<llvm::StringSet<>> LetGoOrRenewed;
  clang::ASTContext &Context;
  /// keyIdentity, or (\p ClassWide false) with each method parameter as
  /// itself rather than as the class's.
  std::string identityOf(const CommandWord &Word, bool ClassWide) const;

  llvm::StringSet<> LockKeys;
  /// The lock keys that are locks only by the name of the code around them.
  llvm::StringSet<> ContextLockKeys;
  /// The patterns (keyPattern) of keys acquired as locks that have text and
  /// run-time parts: every key of such a family is a lock key.
  llvm::StringSet<> LockPatterns;
};

} // namespace locklint::model

#endif
