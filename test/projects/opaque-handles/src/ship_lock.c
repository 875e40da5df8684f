#include "ship_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define RELEASE_SCRIPT \
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"

struct ship_lock {
  redisContext *c;
  char key[128];
  char token[48];
  int ttl_ms;
};

struct ship_lock *ship_lock_new(redisContext *c, const char *name, int ttl_ms) {
  struct ship_lock *l = calloc(1, sizeof(*l));
  if (l == NULL)
    return NULL;
  l->c = c;
  l->ttl_ms = ttl_ms;
  snprintf(l->key, sizeof(l->key), "ship:lock:%s", name);
  snprintf(l->token, sizeof(l->token), "%d.%d", (int)getpid(), rand());
  return l;
}

int ship_lock_take(struct ship_lock *l) {
  redisReply *r = redisCommand(l->c, "SET %s %s NX PX %d", l->key, l->token, l->ttl_ms);
  int answer = -1;
  if (r == NULL)
    return answer;
  if (r->type == REDIS_REPLY_STATUS)
    answer = 1;
  else if (r->type == REDIS_REPLY_NIL)
    answer = 0;
  freeReplyObject(r);
  return answer;
}

void ship_lock_release(struct ship_lock *l) {
  redisReply *r = redisCommand(l->c, "EVAL %s 1 %s %s", RELEASE_SCRIPT, l->key, l->token);
  if (r != NULL)
    freeReplyObject(r);
}

void ship_lock_free(struct ship_lock *l) { free(l); }
