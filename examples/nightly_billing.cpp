// The nightly billing cron that runs on every replica, and its corrected form.
#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <string>

std::string randomToken();

// Broken on four counts: SET without NX overwrites another replica's lock,
// "1" is the same for every replica, the charge UPDATE carries no fence, and
// DEL removes whoever holds the lock now.
void broken_chargeNightly(redisContext *redis, PGconn *db) {
  auto *reply = static_cast<redisReply *>(redisCommand(redis, "SET lock:billing 1 PX 60000"));
  if (!reply || reply->type == REDIS_REPLY_NIL)
    return;
  freeReplyObject(reply);
  PQclear(PQexec(db, "UPDATE invoices SET charged = true WHERE due <= now() AND NOT charged"));
  freeReplyObject(redisCommand(redis, "DEL lock:billing"));
}

static const char kRelease[] = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                               "return redis.call('del', KEYS[1]) else return 0 end";

// Fixed: NX with a unique token and an expiry, a fencing token that the
// UPDATE checks, and a token-checked release.
void fixed_chargeNightly(redisContext *redis, PGconn *db) {
  std::string token = randomToken();
  auto *reply = static_cast<redisReply *>(
      redisCommand(redis, "SET lock:billing %s NX PX 60000", token.c_str()));
  if (!reply || reply->type == REDIS_REPLY_NIL)
    return;
  freeReplyObject(reply);
  auto *fence = static_cast<redisReply *>(redisCommand(redis, "INCR fence:billing"));
  std::string charge = "UPDATE invoices SET charged = true, last_fence = " +
                       std::to_string(fence->integer) +
                       " WHERE due <= now() AND NOT charged AND last_fence < " +
                       std::to_string(fence->integer);
  freeReplyObject(fence);
  PQclear(PQexec(db, charge.c_str()));
  freeReplyObject(
      redisCommand(redis, "EVAL %s 1 %s %s", kRelease, "lock:billing", token.c_str()));
}
