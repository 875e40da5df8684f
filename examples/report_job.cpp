// A report job that sends its acquire and never reads the answer (hiredis).
#include <hiredis/hiredis.h>

void buildReport();

// Broken: the reply is freed unread, so the report is built whether this
// process got the lock or another one holds it.
void broken_runReport(redisContext *c, const char *token) {
  freeReplyObject(redisCommand(c, "SET lock:report %s NX PX 60000", token));
  buildReport();
}

// Fixed: read the reply, and leave when another process holds the lock.
void fixed_runReport(redisContext *c, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:report %s NX PX 60000", token));
  bool taken = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  if (!taken)
    return;
  buildReport();
}
