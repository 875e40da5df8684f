#include "simple_lock.h"

#include <hiredis/hiredis.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <random>
#include <string>

namespace catalog {

namespace {

std::string MakeToken() {
  std::random_device rd;
  std::uniform_int_distribution<unsigned long long> dist;
  char host[64] = {0};
  gethostname(host, sizeof(host) - 1);
  return std::string(host) + ":" + std::to_string(getpid()) + ":" + std::to_string(dist(rd));
}

bool IsOk(const redisReply* r) {
  return r != nullptr && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
}

const char kReleaseLua[] =
    "if redis.call('get',KEYS[1]) == ARGV[1] then return redis.call('del',KEYS[1]) else return 0 end";

}  // namespace

SimpleLock::SimpleLock(redisContext* c, std::string name, int ttl_sec)
    : c_(c), key_("catalog:lock:" + std::move(name)), token_(MakeToken()), ttl_sec_(ttl_sec) {}

bool SimpleLock::Acquire() {
  redisReply* r = static_cast<redisReply*>(redisCommand(c_, "SETNX %s %s", key_.c_str(), token_.c_str()));
  if (r == nullptr) return false;
  const bool won = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  if (!won) return false;

  r = static_cast<redisReply*>(redisCommand(c_, "EXPIRE %s %d", key_.c_str(), ttl_sec_));
  if (r != nullptr) freeReplyObject(r);
  held_ = true;
  return true;
}

bool SimpleLock::AcquireForever() {
  redisReply* r = static_cast<redisReply*>(redisCommand(c_, "SET %s %s NX", key_.c_str(), token_.c_str()));
  held_ = IsOk(r);
  if (r != nullptr) freeReplyObject(r);
  return held_;
}

void SimpleLock::Release() {
  redisReply* r = static_cast<redisReply*>(redisCommand(c_, "GET %s", key_.c_str()));
  const bool mine = r != nullptr && r->type == REDIS_REPLY_STRING && token_ == r->str;
  if (r != nullptr) freeReplyObject(r);
  if (mine) {
    r = static_cast<redisReply*>(redisCommand(c_, "DEL %s", key_.c_str()));
    if (r != nullptr) freeReplyObject(r);
  }
  held_ = false;
}

bool SimpleLock::AcquireSafe() {
  redisReply* r = static_cast<redisReply*>(redisCommand(c_, "SET %s %s NX EX %d", key_.c_str(), token_.c_str(), ttl_sec_));
  held_ = IsOk(r);
  if (r != nullptr) freeReplyObject(r);
  return held_;
}

void SimpleLock::ReleaseSafe() {
  if (!held_) return;
  redisReply* r = static_cast<redisReply*>(redisCommand(c_, "EVAL %s 1 %s %s", kReleaseLua, key_.c_str(), token_.c_str()));
  if (r != nullptr) freeReplyObject(r);
  held_ = false;
}

}  // namespace catalog
