// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c11
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c11

// A lock module answers in statuses of its own: 1 when it took the lock, 0
// when another process holds it, -1 on an error. Which is which is read by
// running its code once for each reply the take may get, however the code
// spells it: a switch over the reply's type into a local, a chain of
// ternaries, a status stored through a parameter while the function
// answers whether the request ran. Callers are read against those values.

#include <hiredis/hiredis.h>
#include <stddef.h>

void drop_cart(const char *Cart);
void recount(const char *Cart);
void release_cart(redisContext *C, const char *Cart);

static int classify(redisReply *R) {
  int Out;
  if (!R)
    return -1;
  switch (R->type) {
  case REDIS_REPLY_STATUS:
    Out = 1;
    break;
  case REDIS_REPLY_NIL:
    Out = 0;
    break;
  default:
    Out = -1;
    break;
  }
  freeReplyObject(R);
  return Out;
}

int take_cart(redisContext *C, const char *Cart, const char *Token) {
  return classify(redisCommand(C, "SET cart:%s:lock %s NX PX 3000", Cart, Token));
}

// `rc < 0` leaves on errors only: the busy answer 0 goes on to the work.
void expire_cart(redisContext *C, const char *Cart, const char *Token) {
  int Rc = take_cart(C, Cart, Token);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the result of 'SET ... NX' is tested, but 'drop_cart' runs whether or not this process got lock 'cart:{Cart}:lock' [distlock-acquire-unchecked]
  if (Rc < 0)
    return;
  drop_cart(Cart);
  release_cart(C, Cart);
}

// -1 is true: `!take` lets an error through.
void merge_cart(redisContext *C, const char *Cart, const char *Token) {
  if (!take_cart(C, Cart, Token))
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: the result of 'SET ... NX' is tested, but 'drop_cart' runs whether or not this process got lock 'cart:{Cart}:lock' [distlock-acquire-unchecked]
    return;
  drop_cart(Cart);
  release_cart(C, Cart);
}

// Only 1 is held.
void sweep_cart(redisContext *C, const char *Cart, const char *Token) {
  if (take_cart(C, Cart, Token) > 0) {
    drop_cart(Cart);
    release_cart(C, Cart);
  }
}

// The same statuses from a chain of ternaries in the take itself.
int take_count(redisContext *C, const char *Cart, const char *Token) {
  redisReply *R = redisCommand(C, "SET count:%s:lock %s NX PX 3000", Cart, Token);
  int Rc = R == NULL                      ? -1
           : R->type == REDIS_REPLY_NIL    ? 0
           : R->type == REDIS_REPLY_STATUS ? 1
                                           : -1;
  if (R)
    freeReplyObject(R);
  return Rc;
}

void recount_busy_only(redisContext *C, const char *Cart, const char *Token) {
  int Rc = take_count(C, Cart, Token);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the result of 'SET ... NX' is tested, but 'recount' runs whether or not this process got lock 'count:{Cart}:lock' [distlock-acquire-unchecked]
  if (Rc == 0)
    return;
  recount(Cart);
  release_cart(C, Cart);
}

void recount_held(redisContext *C, const char *Cart, const char *Token) {
  if (take_count(C, Cart, Token) != 1)
    return;
  recount(Cart);
  release_cart(C, Cart);
}

// The answer through a parameter; the return says only that Redis answered.
int take_hold(redisContext *C, const char *Cart, const char *Token, int *Acquired) {
  redisReply *R = redisCommand(C, "SET hold:%s:lock %s NX PX 3000", Cart, Token);
  if (R == NULL)
    return -1;
  *Acquired = R->type == REDIS_REPLY_STATUS ? 1 : 0;
  freeReplyObject(R);
  return 0;
}

void hold_unread(redisContext *C, const char *Cart, const char *Token) {
  int Got = 0;
  if (take_hold(C, Cart, Token, &Got) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'take_hold' answers through 'Got', which is never checked: the code after it runs whether or not this process got lock 'hold:{Cart}:lock' [distlock-acquire-unchecked]
    return;
  recount(Cart);
  release_cart(C, Cart);
}

void hold_read(redisContext *C, const char *Cart, const char *Token) {
  int Got = 0;
  if (take_hold(C, Cart, Token, &Got) != 0 || !Got)
    return;
  recount(Cart);
  release_cart(C, Cart);
}
