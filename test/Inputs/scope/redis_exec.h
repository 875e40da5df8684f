// A project's wrapper that sends whole command texts; what it sends is
// decided by its callers.
#include <hiredis/hiredis.h>
#include <string>

inline redisReply *exec(redisContext *c, const std::string &command) {
  return static_cast<redisReply *>(redisCommand(c, command.c_str()));
}
