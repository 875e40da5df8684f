//===--- RedisCommandKinds.h - which commands read and which write -*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_REDISCOMMANDKINDS_H
#define LOCKLINT_CHECKS_MODEL_REDISCOMMANDKINDS_H

#include "model/redis/RedisCommand.h"

namespace locklint::model {

/// True for commands that read a key's value (GET, HGET, LRANGE, ...).
bool readsKey(const RedisCommand &Command);

/// True for commands that replace or remove a key's value (SET, HSET, DEL,
/// LPUSH, ...). Atomic read-and-change commands (INCR, HINCRBY) are not:
/// they are how a race is avoided, and INCR is how fences are handed out.
bool writesKey(const RedisCommand &Command);

/// The commands that give a key its expiry.
inline constexpr llvm::StringRef ExpiryCommands[] = {"EXPIRE", "PEXPIRE", "EXPIREAT",
                                                      "PEXPIREAT"};

/// True for EXPIRE, PEXPIRE, EXPIREAT and PEXPIREAT: the commands that give an
/// existing key its expiry (LockIndex::setsExpiry is a SET that brings one).
bool isExpiryCommand(const RedisCommand &Command);

/// True when \p Command deletes its key or gives it an expiry (DEL, UNLINK,
/// the expiry commands): what is done to a lock's key, not to a marker that
/// lives out its own.
bool letsGoOrRenews(const RedisCommand &Command);

/// The options of SET that give the value an expiry.
inline constexpr llvm::StringRef ExpiryOptions[] = {"EX", "PX", "EXAT", "PXAT"};

/// True when \p Command writes a value that certainly expires on its own:
/// SETEX, PSETEX, or a SET with one of ExpiryOptions.
bool bringsExpiry(const RedisCommand &Command);

} // namespace locklint::model

#endif
