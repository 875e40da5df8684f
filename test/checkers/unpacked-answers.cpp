// RUN: %check_distlock %s distlock-release-not-on-every-path,distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-release-not-on-every-path,distlock-acquire-unchecked %t-plugin -- -std=c++17 -isystem %stubs

// An answer unpacked into several variables (a structured binding,
// std::tie) is tested through one of its parts. Which part says whether the
// lock was taken is not known here, so no scope is guessed for it: an early
// return before the work is not taken for one that leaves holding the lock.

#include <hiredis/hiredis.h>
#include <cstring>
#include <string>
#include <tuple>

std::string newToken();
void mint(const char *Batch);
const char *ReleaseScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

std::tuple<bool, std::string> tryTake(redisContext *C, const char *Key) {
  std::string Token = newToken();
  auto *R = static_cast<redisReply *>(
      redisCommand(C, "SET %s %s NX PX %d", Key, Token.c_str(), 30000));
  bool Ok = R && R->type == REDIS_REPLY_STATUS && std::strcmp(R->str, "OK") == 0;
  if (R)
    freeReplyObject(R);
  return {Ok, Token};
}

void release(redisContext *C, const char *Key, const std::string &Token) {
  freeReplyObject(redisCommand(C, "EVAL %s 1 %s %s", ReleaseScript, Key, Token.c_str()));
}

void mintDaily(redisContext *C) {
  auto [Held, Token] = tryTake(C, "lock:daily");
  if (!Held)
    return;
  mint("daily");
  release(C, "lock:daily", Token);
}

void mintWeekly(redisContext *C) {
  bool Held = false;
  std::string Token;
  std::tie(Held, Token) = tryTake(C, "lock:weekly");
  if (!Held)
    return;
  mint("weekly");
  release(C, "lock:weekly", Token);
}
