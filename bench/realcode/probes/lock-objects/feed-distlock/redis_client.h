#pragma once

#include <cstdarg>
#include <memory>
#include <string>

#include <hiredis/hiredis.h>

namespace feed {

class Reply {
 public:
  void reset(redisReply* r) { r_.reset(r); }
  bool ok() const { return r_ != nullptr && r_->type != REDIS_REPLY_ERROR; }
  bool isNil() const { return r_ == nullptr || r_->type == REDIS_REPLY_NIL; }
  bool isStatus(const char* s) const;
  long long integer() const;
  std::string str() const;

 private:
  struct Deleter {
    void operator()(redisReply* r) const { freeReplyObject(r); }
  };
  std::unique_ptr<redisReply, Deleter> r_;
};

class RedisClient {
 public:
  explicit RedisClient(redisContext* ctx) : ctx_(ctx) {}

  void ExecuteCommand(Reply& reply, const char* fmt, ...);

 private:
  void ExecuteCommandV(Reply& reply, const char* fmt, va_list ap);

  redisContext* ctx_;
};

}  // namespace feed
