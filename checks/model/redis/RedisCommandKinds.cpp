//===--- RedisCommandKinds.cpp - which commands read and which write ------===//

#include "model/redis/RedisCommandKinds.h"
#include "llvm/ADT/STLExtras.h"

namespace locklint::model {

bool readsKey(const RedisCommand &Command) {
  static constexpr llvm::StringLiteral Reads[] = {
      "GET",    "MGET",   "HGET",   "HMGET",   "HGETALL",  "HEXISTS", "HLEN",      "HKEYS",
      "HVALS",  "EXISTS", "LRANGE", "LINDEX",  "LLEN",     "SMEMBERS", "SCARD",    "SISMEMBER",
      "ZSCORE", "ZRANGE", "ZRANK",  "ZCARD",   "STRLEN",   "GETRANGE", "TTL",      "PTTL"};
  return llvm::is_contained(Reads, Command.Name);
}

bool writesKey(const RedisCommand &Command) {
  static constexpr llvm::StringLiteral Writes[] = {
      "SET",  "SETEX",  "PSETEX", "SETNX", "MSET",   "HSET",     "HMSET",  "HSETNX", "HDEL",
      "DEL",  "UNLINK", "LPUSH",  "RPUSH", "LPOP",   "RPOP",     "LSET",   "LREM",   "LTRIM",
      "SADD", "SREM",   "ZADD",   "ZREM",  "APPEND", "SETRANGE", "EXPIRE", "PEXPIRE"};
  return llvm::is_contained(Writes, Command.Name);
}

bool isExpiryCommand(const RedisCommand &Command) {
  return llvm::is_contained(ExpiryCommands, Command.Name);
}

bool letsGoOrRenews(const RedisCommand &Command) {
  return Command.is("DEL") || Command.is("UNLINK") || isExpiryCommand(Command);
}

bool bringsExpiry(const RedisCommand &Command) {
  return Command.is("SETEX") || Command.is("PSETEX") ||
         llvm::any_of(ExpiryOptions, [&](llvm::StringRef Option) { return Command.hasOption(Option); });
}

} // namespace locklint::model
