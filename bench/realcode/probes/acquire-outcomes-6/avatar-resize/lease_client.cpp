#include "lease_client.h"

#include <hiredis/hiredis.h>

#include <cstring>
#include <random>
#include <thread>

namespace avatars {

std::string newOwner() {
  std::random_device rd;
  return std::to_string(rd()) + "-" + std::to_string(rd()) + "-" + std::to_string(rd());
}

bool LeaseClient::trySet(const std::string &key, const std::string &owner, int ttlMs) {
  std::lock_guard<std::mutex> guard(connMu_);
  redisReply *r = static_cast<redisReply *>(
      redisCommand(c_, "SET %s %s NX PX %d", key.c_str(), owner.c_str(), ttlMs));
  const bool ok = r != nullptr && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
  if (r != nullptr) freeReplyObject(r);
  return ok;
}

std::future<bool> LeaseClient::acquireAsync(const std::string &key, const std::string &owner,
                                            int ttlMs) {
  return std::async(std::launch::async,
                    [this, key, owner, ttlMs] { return trySet(key, owner, ttlMs); });
}

void LeaseClient::acquire(const std::string &key, const std::string &owner, int ttlMs,
                          std::function<void(bool)> then) {
  std::thread([this, key, owner, ttlMs, then = std::move(then)] {
    then(trySet(key, owner, ttlMs));
  }).detach();
}

void LeaseClient::release(const std::string &key, const std::string &owner) {
  static const char *script =
      "if redis.call('GET', KEYS[1]) == ARGV[1] then "
      "return redis.call('DEL', KEYS[1]) else return 0 end";
  std::lock_guard<std::mutex> guard(connMu_);
  redisReply *r = static_cast<redisReply *>(
      redisCommand(c_, "EVAL %s 1 %s %s", script, key.c_str(), owner.c_str()));
  if (r != nullptr) freeReplyObject(r);
}

}  // namespace avatars
