#include "store.h"
#include <cstdarg>
#include <hiredis/hiredis.h>

namespace ledger {
namespace {

// The only implementation, unnamed outside this unit.
class HiredisStore final : public CachingStore {
public:
  explicit HiredisStore(redisContext *context) : context_(context) {}

  bool putIfAbsent(const std::string &key, const std::string &value, int ttlMs) override {
    auto *reply = static_cast<redisReply *>(
        redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs));
    bool stored = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    return stored;
  }

  void put(const std::string &key, const std::string &value) override {
    freeReplyObject(redisCommand(context_, "SET %s %s", key.c_str(), value.c_str()));
  }

  void remove(const std::string &key) override {
    freeReplyObject(redisCommand(context_, "DEL %s", key.c_str()));
  }

  void command(const char *format, ...) override {
    va_list args;
    va_start(args, format);
    freeReplyObject(redisvCommand(context_, format, args));
    va_end(args);
  }

  bool cached(const std::string &key) const override { return !key.empty(); }

private:
  redisContext *context_;
};

} // namespace

std::unique_ptr<CachingStore> openStore(const std::string &host) {
  return std::make_unique<HiredisStore>(redisConnect(host.c_str(), 6379));
}

} // namespace ledger
