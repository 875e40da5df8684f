#include "redis_client.h"

#include <cstring>

namespace feed {

bool Reply::isStatus(const char* s) const {
  return r_ != nullptr && r_->type == REDIS_REPLY_STATUS && std::strcmp(r_->str, s) == 0;
}

long long Reply::integer() const {
  return (r_ != nullptr && r_->type == REDIS_REPLY_INTEGER) ? r_->integer : 0;
}

std::string Reply::str() const {
  if (r_ == nullptr || r_->type != REDIS_REPLY_STRING) return {};
  return std::string(r_->str, r_->len);
}

void RedisClient::ExecuteCommand(Reply& reply, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ExecuteCommandV(reply, fmt, ap);
  va_end(ap);
}

void RedisClient::ExecuteCommandV(Reply& reply, const char* fmt, va_list ap) {
  reply.reset(static_cast<redisReply*>(redisvCommand(ctx_, fmt, ap)));
}

}  // namespace feed
