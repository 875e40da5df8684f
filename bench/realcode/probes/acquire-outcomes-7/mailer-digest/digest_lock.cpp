#include "digest_lock.hpp"

#include <cstring>

#include <unistd.h>

namespace {

const char *kCompareDel =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

redisReply *asReply(void *p) { return static_cast<redisReply *>(p); }

}  // namespace

DigestLocker &digestLocker() {
  static DigestLocker locker(redisConnect("mail-redis", 6379));
  return locker;
}

Expected<Lease> DigestLocker::acquire(const std::string &name, int ttl_ms) {
  Lease lease{"digest:lock:" + name,
              std::to_string(getpid()) + "-" + std::to_string(++seq_)};
  redisReply *r = asReply(redisCommand(ctx_, "SET %s %s NX PX %d", lease.key.c_str(),
                                       lease.token.c_str(), ttl_ms));
  if (r == nullptr) return Expected<Lease>::failure(LockErr::Io);
  LockErr err = LockErr::Protocol;
  if (r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0)
    err = LockErr::None;
  else if (r->type == REDIS_REPLY_NIL)
    err = LockErr::Busy;
  freeReplyObject(r);
  if (err != LockErr::None) return Expected<Lease>::failure(err);
  return Expected<Lease>::success(lease);
}

bool DigestLocker::release(const Lease &lease) {
  redisReply *r = asReply(redisCommand(ctx_, "EVAL %s 1 %s %s", kCompareDel,
                                       lease.key.c_str(), lease.token.c_str()));
  const bool ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r) freeReplyObject(r);
  return ok;
}

bool DigestLocker::acquireLegacy(const std::string &name) {
  redisReply *r = asReply(redisCommand(ctx_, "SETNX digest:legacy:%s 1", name.c_str()));
  const bool held = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r) freeReplyObject(r);
  return held;
}

void DigestLocker::releaseLegacy(const std::string &name) {
  redisReply *r = asReply(redisCommand(ctx_, "DEL digest:legacy:%s", name.c_str()));
  if (r) freeReplyObject(r);
}

bool DigestLocker::acquireShared(const std::string &name) {
  const std::string key = "digest:shared:" + name;
  redisReply *r = asReply(redisCommand(ctx_, "SET %s digest-worker NX PX 60000", key.c_str()));
  const bool held = r && r->type == REDIS_REPLY_STATUS;
  if (r) freeReplyObject(r);
  return held;
}

void DigestLocker::releaseShared(const std::string &name) {
  const std::string key = "digest:shared:" + name;
  redisReply *r = asReply(redisCommand(ctx_, "EVAL %s 1 %s digest-worker", kCompareDel,
                                       key.c_str()));
  if (r) freeReplyObject(r);
}
