// Long jobs keep their lock alive with a watchdog that refreshes the TTL.
#include <hiredis/hiredis.h>
#include <string>

// Broken: if this process paused long enough for the lock to expire and pass
// to another replica, PEXPIRE now prolongs the other replica's lock.
void broken_heartbeat(redisContext *redis, const std::string &job) {
  freeReplyObject(redisCommand(redis, "PEXPIRE lock:%s 30000", job.c_str()));
}

// Fixed: refresh the TTL only while the key still holds this process's token.
static const char kExtendScript[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

void fixed_heartbeat(redisContext *redis, const std::string &key, const std::string &token) {
  freeReplyObject(redisCommand(redis, "EVAL %s 1 %s %s %d", kExtendScript, key.c_str(),
                               token.c_str(), 30000));
}
