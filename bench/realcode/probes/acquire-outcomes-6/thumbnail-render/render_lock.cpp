#include "render_lock.h"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <cstring>
#include <random>

namespace thumbs {

namespace {

struct PendingAcquire {
  std::function<void(bool)> done;
};

const char *kReleaseScript =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";

const char *kPublishScript =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('HSET', KEYS[2], ARGV[2], ARGV[3]) else return -1 end";

void onSetReply(redisAsyncContext *, void *r, void *priv) {
  PendingAcquire *pending = static_cast<PendingAcquire *>(priv);
  redisReply *reply = static_cast<redisReply *>(r);
  bool granted = reply != nullptr && reply->type == REDIS_REPLY_STATUS &&
                 std::strcmp(reply->str, "OK") == 0;
  pending->done(granted);
  delete pending;
}

}  // namespace

std::string newOwnerId() {
  std::random_device rd;
  std::mt19937_64 gen(rd());
  return std::to_string(gen()) + "." + std::to_string(gen());
}

void RenderLease::acquire(const std::string &key, const std::string &owner,
                          int ttlMs, std::function<void(bool)> done) {
  PendingAcquire *pending = new PendingAcquire{std::move(done)};
  int rc = redisAsyncCommand(ac_, onSetReply, pending, "SET %s %s NX PX %d",
                             key.c_str(), owner.c_str(), ttlMs);
  if (rc != REDIS_OK) {
    pending->done(false);
    delete pending;
  }
}

void RenderLease::release(const std::string &key, const std::string &owner) {
  redisAsyncCommand(ac_, nullptr, nullptr, "EVAL %s 1 %s %s", kReleaseScript,
                    key.c_str(), owner.c_str());
}

void RenderLease::publish(const std::string &key, const std::string &owner,
                          const std::string &assetId, const std::string &url) {
  redisAsyncCommand(ac_, nullptr, nullptr, "EVAL %s 2 %s %s %s %s %s",
                    kPublishScript, key.c_str(), "thumbs:index", owner.c_str(),
                    assetId.c_str(), url.c_str());
}

}  // namespace thumbs
