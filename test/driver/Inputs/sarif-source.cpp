// Input for sarif.test: a release after non-ASCII text on its line.
#include <hiredis/hiredis.h>
#include <string>

std::string newToken();

void release(redisContext *c) {
  std::string token = newToken();
  redisCommand(c, "SET lock:report %s NX PX 30000", token.c_str());
  // ...
  /* Bericht über */ redisCommand(c, "DEL lock:report");
}
