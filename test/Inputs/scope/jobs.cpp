#include "redis_exec.h"

void takeJobs(redisContext *c) { freeReplyObject(exec(c, "SET lock:jobs 1 NX PX 30000")); }

void takeReports(redisContext *c) {
  freeReplyObject(redisCommand(c, "SET lock:reports 1 NX PX 30000"));
}
