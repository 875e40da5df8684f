#include "token_lock.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include <hiredis/hiredis.h>

namespace reports {

static const char* const kUnlockLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
static const char* const kRefreshLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('EXPIRE', KEYS[1], ARGV[2]) end return 0";

static std::string random_hex(size_t nbytes) {
  unsigned char raw[32] = {0};
  if (nbytes > sizeof raw) nbytes = sizeof raw;
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::string();
  ssize_t n = read(fd, raw, nbytes);
  close(fd);
  if (n != static_cast<ssize_t>(nbytes)) return std::string();
  std::string out;
  char two[3];
  for (size_t i = 0; i < nbytes; ++i) {
    std::snprintf(two, sizeof two, "%02x", raw[i]);
    out += two;
  }
  return out;
}

static std::string lock_key(const std::string& name) { return "reports:lock:" + name; }

std::string acquire_token(redisContext* c, const std::string& name, int ttl_sec) {
  std::string token = random_hex(16);
  if (token.empty()) return std::string();

  redisReply* r = (redisReply*)redisCommand(c, "SET %s %s NX EX %d", lock_key(name).c_str(), token.c_str(), ttl_sec);
  if (r == nullptr) return std::string();
  bool ok = r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
  freeReplyObject(r);
  return ok ? token : std::string();
}

bool refresh_token(redisContext* c, const std::string& name, const std::string& token,
                   int ttl_sec) {
  redisReply* r = (redisReply*)redisCommand(c, "EVAL %s 1 %s %s %d", kRefreshLua,
                                            lock_key(name).c_str(), token.c_str(), ttl_sec);
  if (r == nullptr) return false;
  bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  return ok;
}

void release_token(redisContext* c, const std::string& name, const std::string& token) {
  if (token.empty()) return;
  redisReply* r = (redisReply*)redisCommand(c, "EVAL %s 1 %s %s", kUnlockLua,
                                            lock_key(name).c_str(), token.c_str());
  if (r) freeReplyObject(r);
}

}  // namespace reports
