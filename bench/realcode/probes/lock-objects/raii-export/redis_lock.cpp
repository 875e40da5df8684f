#include "redis_lock.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace exporter {
namespace {

std::string UrandomHex(size_t nbytes) {
  std::vector<unsigned char> raw(nbytes);
  int fd = ::open("/dev/urandom", O_RDONLY);
  if (fd >= 0) {
    ssize_t n = ::read(fd, raw.data(), raw.size());
    (void)n;
    ::close(fd);
  }
  std::string out;
  char hex[3];
  for (unsigned char b : raw) {
    std::snprintf(hex, sizeof(hex), "%02x", b);
    out += hex;
  }
  return out;
}

const char kReleaseLua[] =
    "if redis.call('get',KEYS[1]) == ARGV[1] then return redis.call('del',KEYS[1]) else return 0 end";

}  // namespace

void RedisLock::init(redisContext* ctx, const std::string& key) {
  ctx_ = ctx;
  key_ = key;
  token_ = UrandomHex(16);
}

bool RedisLock::tryLock(int ttl_sec) {
  std::string ttl = std::to_string(ttl_sec);
  const char* argv[] = {"SET", key_.c_str(), token_.c_str(), "NX", "EX", ttl.c_str()};
  size_t argvlen[] = {3, key_.size(), token_.size(), 2, 2, ttl.size()};
  auto* r = static_cast<redisReply*>(redisCommandArgv(ctx_, 6, argv, argvlen));
  if (r == nullptr) return false;
  bool ok = r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
  freeReplyObject(r);
  return ok;
}

void RedisLock::release() {
  const char* argv[] = {"EVAL", kReleaseLua, "1", key_.c_str(), token_.c_str()};
  size_t argvlen[] = {4, sizeof(kReleaseLua) - 1, 1, key_.size(), token_.size()};
  auto* r = static_cast<redisReply*>(redisCommandArgv(ctx_, 5, argv, argvlen));
  if (r != nullptr) freeReplyObject(r);
}

}  // namespace exporter
