// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=gnu11
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=gnu11

// C code retries without a loop statement: a goto back to a label before
// the take, or a call of the function itself after a pause. Either is a
// loop; when only the take's answer decides whether it runs again and
// nothing bounds it, one stuck holder keeps every caller waiting.

#include <hiredis/hiredis.h>
#include <time.h>
#include <unistd.h>

int take(redisContext *C, const char *Key, int *Got) {
  redisReply *R = redisCommand(C, "SET %s 1f3a NX PX 30000", Key);
  if (R == NULL)
    return -1;
  *Got = R->type == REDIS_REPLY_STATUS;
  freeReplyObject(R);
  return 0;
}

void drain(const char *Key);

int drain_endpoint(redisContext *C, const char *Key) {
  int Got = 0;
retry:
  if (take(C, Key, &Got) != 0)
    goto fail;
  if (!Got) {
    usleep(250000);
    goto retry;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this goto tries lock 'Key' again with no deadline and no limit on attempts: one stuck holder blocks every waiter [distlock-unbounded-acquire]
    // CHECK-MESSAGES: :[[@LINE-6]]:7: note: acquire attempted here
  }
  drain(Key);
  return 0;
fail:
  return -1;
}

// A deadline read before the first try bounds it.
int drain_until(redisContext *C, const char *Key) {
  time_t Deadline = time(NULL) + 5;
  int Got = 0;
again:
  if (take(C, Key, &Got) != 0)
    return -1;
  if (!Got) {
    if (time(NULL) >= Deadline)
      return -1;
    usleep(100000);
    goto again;
  }
  drain(Key);
  return 0;
}

// A goto forward, to the error exit, retries nothing.
int drain_once(redisContext *C, const char *Key) {
  int Got = 0;
  if (take(C, Key, &Got) != 0 || !Got)
    goto out;
  drain(Key);
  return 0;
out:
  return -1;
}

int take_status(redisContext *C, const char *Key) {
  redisReply *R = redisCommand(C, "SET %s 9c41 NX PX 60000", Key);
  int Rc = R == NULL ? -1 : R->type == REDIS_REPLY_STATUS ? 1 : R->type == REDIS_REPLY_NIL ? 0 : -1;
  if (R)
    freeReplyObject(R);
  return Rc;
}

int wait_for_shard(redisContext *C, const char *Key) {
  int Rc = take_status(C, Key);
  if (Rc == 1)
    return 1;
  if (Rc < 0)
    return -1;
  usleep(100000);
  return wait_for_shard(C, Key);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: this call of 'wait_for_shard' itself tries lock 'Key' again with no deadline and no limit on attempts: one stuck holder blocks every waiter [distlock-unbounded-acquire]
}

// A count of attempts left, handed down, bounds it.
int take_with_backoff(redisContext *C, const char *Key, int AttemptsLeft, useconds_t Delay) {
  int Rc = take_status(C, Key);
  if (Rc != 0 || AttemptsLeft <= 1)
    return Rc;
  usleep(Delay);
  return take_with_backoff(C, Key, AttemptsLeft - 1, Delay * 2);
}
