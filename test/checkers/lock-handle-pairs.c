// RUN: %check_distlock %s distlock-redis-constant-token,distlock-unfenced-write,distlock-release-not-on-every-path,distlock-inconsistent-lock-order %t -- -std=c11 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-redis-constant-token,distlock-unfenced-write,distlock-release-not-on-every-path,distlock-inconsistent-lock-order %t-plugin -- -std=c11 -isystem %stubs

// A C lock handle whose take is SETNX then PEXPIRE, handed two at a time
// to a helper. Each handle's key and token are its own members: the token
// a function of the handle writes is unknown here, not a constant, and the
// second take's PEXPIRE is lock work, not a write the first lock guards.
// An exit after a renewal that checks its owner and fails holds nothing.

#include <hiredis/hiredis.h>

struct rlock {
  redisContext *c;
  char key[96];
  char token[48];
};

static const char *Renew =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
static const char *Drop =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

// Fills the key and a random token; defined in another unit.
void rlock_init(struct rlock *l, redisContext *c, const char *name);

int rlock_take(struct rlock *l) {
  redisReply *r = redisCommand(l->c, "SETNX %s %s", l->key, l->token);
  if (r == NULL)
    return -1;
  int won = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  if (!won)
    return 0;
  r = redisCommand(l->c, "PEXPIRE %s 3000", l->key);
  if (r != NULL)
    freeReplyObject(r);
  return 1;
}

int rlock_renew(struct rlock *l) {
  redisReply *r = redisCommand(l->c, "EVAL %s 1 %s %s 3000", Renew, l->key, l->token);
  int ok = r != NULL && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r != NULL)
    freeReplyObject(r);
  return ok;
}

void rlock_drop(struct rlock *l) {
  redisReply *r = redisCommand(l->c, "EVAL %s 1 %s %s", Drop, l->key, l->token);
  if (r != NULL)
    freeReplyObject(r);
}

int work(void);

int move_stock(struct rlock *from, struct rlock *to, redisContext *c) {
  if (rlock_take(from) != 1)
    return -1;
  if (rlock_take(to) != 1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lock 'to->key' is taken while lock 'from->key' is held, each from its own parameter and in the order the caller passes them
    rlock_drop(from);
    return -1;
  }
  redisReply *r = redisCommand(c, "SET stock:moved 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'stock:moved' in the scope of lock 'to->key' has no fencing predicate
  if (r != NULL)
    freeReplyObject(r);
  rlock_drop(to);
  rlock_drop(from);
  return 0;
}

int move_all(redisContext *c) {
  struct rlock a, b;
  rlock_init(&a, c, "shelf");
  rlock_init(&b, c, "bin");
  return move_stock(&a, &b, c);
}

// Leaving once a renewal said the lock is gone leaves nothing held; leaving
// while it is still held does not release it.
int sweep(struct rlock *l) {
  if (rlock_take(l) != 1)
    return 0;
  for (int i = 0; i < 10; ++i) {
    if (!rlock_renew(l))
      return -1;
    if (work() < 0)
      return -1;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'return' leaves the scope of lock 'l->key' before its release
  }
  rlock_drop(l);
  return 0;
}
