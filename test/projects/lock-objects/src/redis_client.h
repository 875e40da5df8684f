#pragma once
#include <hiredis/hiredis.h>
#include <cstdarg>

namespace ledger {

// One connection per process, shared by every job.
class RedisClient {
public:
  static RedisClient *Instance();

  // Sends a printf-style command; the reply, when there is one, goes to
  // *reply and belongs to the caller.
  bool Execute(redisReply **reply, const char *format, ...);

private:
  bool ExecuteV(redisReply **reply, const char *format, va_list args);
  bool SendV(redisReply **reply, const char *format, va_list args);

  redisContext *context_ = nullptr;
};

} // namespace ledger
