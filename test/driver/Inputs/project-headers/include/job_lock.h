// Input for project-headers.test: a header-only lock class, used by two units.
#pragma once
#include <hiredis/hiredis.h>
#include <string>

class JobLock {
public:
  JobLock(redisContext *c, std::string name) : c_(c), key_("lock:" + name) {}
  bool tryLock(const std::string &token) {
    auto *reply = static_cast<redisReply *>(
        redisCommand(c_, "SET %s %s NX PX 30000", key_.c_str(), token.c_str()));
    return reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  }
  void unlock() { redisCommand(c_, "DEL %s", key_.c_str()); }

private:
  redisContext *c_;
  std::string key_;
};
