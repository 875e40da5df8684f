// The first lock everyone writes, and the one that works in production.
#include <hiredis/hiredis.h>
#include <string>

std::string randomToken(); // 128 random bits, hex-encoded.
void rebuildSearchIndex();

// Broken: SET without NX overwrites another holder, the value "1" is the same
// for every process, there is no expiry, and DEL removes whoever holds it now.
void broken_rebuildIndex(redisContext *redis) {
  redisCommand(redis, "SET lock:search-index 1");
  rebuildSearchIndex();
  redisCommand(redis, "DEL lock:search-index");
}

// Fixed: acquire only if absent, with a unique token and an expiry; release
// with a script that deletes the key only while it still holds our token.
static const char kReleaseScript[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

void fixed_rebuildIndex(redisContext *redis) {
  std::string token = randomToken();
  auto *reply = static_cast<redisReply *>(
      redisCommand(redis, "SET lock:search-index %s NX PX 60000", token.c_str()));
  bool acquired = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  if (!acquired)
    return; // Another replica is rebuilding.
  rebuildSearchIndex();
  freeReplyObject(redisCommand(redis, "EVAL %s 1 %s %s", kReleaseScript, "lock:search-index",
                               token.c_str()));
}
