// Acquires with neither NX nor an expiry in each client's own API, and
// releases whose keys need escaping when a fix writes them again. Every fix
// must give one call that compiles and means SET key token NX PX <ms>.
#include <Poco/Redis/Command.h>
#include <cpp_redis/cpp_redis>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <string>

bool takeWithRedisPlusPlus(sw::redis::Redis &redis, const std::string &token) {
  return redis.set("lock:a", token);
}

void takeWithCppRedis(cpp_redis::client &client, const std::string &token) {
  client.set_advanced("lock:b", token);
}

Poco::Redis::Command takeWithPoco(const std::string &token) {
  return Poco::Redis::Command::set("lock:c", token);
}

bool takeWithPocoAndExpiry(const std::string &token) {
  // Already expiring: only NX is missing, which is overwrite=false.
  Poco::Redis::Command command = Poco::Redis::Command::set("lock:d", token, true, Poco::Timespan(5, 0));
  return command.size() > 0;
}

void releaseOddKey(sw::redis::Redis &redis, const std::string &token) {
  if (redis.set("lock:odd\nkey\\??/", token, std::chrono::seconds(30),
                sw::redis::UpdateType::NOT_EXIST))
    redis.del("lock:odd\nkey\\??/");
}

void releaseWithHiredis(redisContext *c, const char *token) {
  freeReplyObject(redisCommand(c, "SET lock:\"q\" %s NX PX 30000", token));
  freeReplyObject(redisCommand(c, "DEL lock:\"q\""));
}
