// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c11
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c11

// A status read in steps: a chain of tests that only notes the answer in a
// local, or a test that only logs, decides nothing when the answer is read
// again before the work. The work is judged by that later test.

#include <hiredis/hiredis.h>
#include <stdio.h>

enum { HELD = 1, FRESH = 2, IO_ERROR = 4 };

static const char *renew_script =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end";

void publish(const char *batch);

// Noted by a chain of branches, read again at once: when busy, the owner's
// own lease is renewed by a script that checks the owner first.
unsigned take_or_renew(redisContext *conn, const char *name, const char *me) {
  redisReply *reply = redisCommand(conn, "SET %s %s NX PX %d", name, me, 30000);
  unsigned status;
  if (!reply || reply->type == REDIS_REPLY_ERROR) {
    status = IO_ERROR;
  } else if (reply->type == REDIS_REPLY_NIL) {
    status = 0;
  } else {
    status = HELD | FRESH;
  }
  freeReplyObject(reply);
  if (status)
    return status;
  reply = redisCommand(conn, "EVAL %s 1 %s %s %d", renew_script, name, me, 30000);
  status = reply && reply->type == REDIS_REPLY_INTEGER && reply->integer == 1 ? HELD : 0;
  freeReplyObject(reply);
  return status;
}

int take(redisContext *c, const char *key, const char *owner) {
  redisReply *r = redisCommand(c, "SET %s %s NX PX %d", key, owner, 30000);
  int st = r == NULL ? -1 : r->type == REDIS_REPLY_STATUS ? 1 : 0;
  if (r)
    freeReplyObject(r);
  return st;
}

// An error logged, then the answer asked again before the work.
void publish_logged(redisContext *c, const char *batch) {
  int st = take(c, "lock:publish", batch);
  if (st < 0)
    fprintf(stderr, "no reply for %s\n", batch);
  if (st > 0)
    publish(batch);
}

// The same log line with the work right after it: an error goes on to it.
void publish_after_log(redisContext *c, const char *batch) {
  int st = take(c, "lock:publish", batch);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the result of 'SET ... NX' is tested, but 'publish' runs whether or not this process got lock 'lock:publish' [distlock-acquire-unchecked]
  if (st < 0)
    fprintf(stderr, "no reply for %s\n", batch);
  publish(batch);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}
