// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c11 -D_DEFAULT_SOURCE
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c11 -D_DEFAULT_SOURCE

// A wait that retries its try in a loop with no condition and no way out
// but the return of its success branch returns only holding the lock: its
// callers have no answer to check. A wait that can give up answers whether
// it got the lock.

#include <hiredis/hiredis.h>
#include <string.h>
#include <unistd.h>

struct lock {
  redisContext *c;
  char key[64];
  char owner[64];
  int held;
};

int lock_try(struct lock *l) {
  redisReply *r = redisCommand(l->c, "SET %s %s NX PX 5000", l->key, l->owner);
  l->held = r && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;
  freeReplyObject(r);
  return l->held;
}

int lock_wait(struct lock *l) {
  for (;;) {
    if (lock_try(l))
      return 1;
    usleep(50 * 1000);
  }
}

int lock_wait_while(struct lock *l) {
  while (1) {
    if (lock_try(l))
      return 1;
    usleep(50 * 1000);
  }
}

int lock_wait_bounded(struct lock *l, int attempts) {
  for (;;) {
    if (lock_try(l))
      return 1;
    if (--attempts == 0)
      return 0;
    usleep(50 * 1000);
  }
}

void trim(redisContext *c);

void gc(struct lock *l) {
  lock_wait(l);
  trim(l->c);
}

void gc_while(struct lock *l) {
  lock_wait_while(l);
  trim(l->c);
}

void gc_bounded(struct lock *l) {
  lock_wait_bounded(l, 10);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'l->key' [distlock-acquire-unchecked]
  trim(l->c);
}
