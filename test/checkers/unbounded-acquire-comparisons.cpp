// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -isystem %stubs

// Retry loops whose exit compares the reply through an operator call of a
// class type (std::string's ==): the comparison reads only the reply, as
// the built-in one does, so the loop still ends on success alone.

#include <hiredis/hiredis.h>
#include <string>
#include <unistd.h>

std::string expectedAnswer();

void takeJobsLock(redisContext *c, const char *token) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:jobs' with no deadline and no limit on attempts: one stuck holder blocks every waiter [distlock-unbounded-acquire]
    redisReply *r = (redisReply *)redisCommand(c, "SET lock:jobs %s NX PX 30000", token);
    // CHECK-MESSAGES: :[[@LINE-1]]:35: note: acquire attempted here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: end the loop at a deadline
    if (r && r->str && std::string(r->str) == "OK") {
      freeReplyObject(r);
      break;
    }
    freeReplyObject(r);
    usleep(1000);
  }
}

// The answer is compared with what another call returns: that call decides
// too, so nothing says the loop ends only on success.
void takeWithPolicy(redisContext *c, const char *token) {
  for (;;) {
    redisReply *r = (redisReply *)redisCommand(c, "SET lock:jobs %s NX PX 30000", token);
    if (r && r->str && std::string(r->str) == expectedAnswer()) {
      freeReplyObject(r);
      break;
    }
    freeReplyObject(r);
    usleep(1000);
  }
}

// Bounded by attempts.
bool takeBounded(redisContext *c, const char *token) {
  for (int i = 0; i < 20; ++i) {
    redisReply *r = (redisReply *)redisCommand(c, "SET lock:jobs %s NX PX 30000", token);
    bool ok = r && r->str && std::string(r->str) == "OK";
    freeReplyObject(r);
    if (ok)
      return true;
    usleep(1000);
  }
  return false;
}
