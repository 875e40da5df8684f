#include "rlock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fill_token(char *out, size_t size) {
  static const char digits[] = "0123456789abcdef";
  size_t i;
  for (i = 0; i + 1 < size; i++)
    out[i] = digits[rand() % 16];
  out[size - 1] = '\0';
}

int rlock_init(struct rlock *lock, redisContext *conn, const char *name, int ttl_ms) {
  lock->conn = conn;
  lock->ttl_ms = ttl_ms;
  fill_token(lock->token, sizeof lock->token);
  if (snprintf(lock->key, sizeof lock->key, "lock:sweep:%s", name) >= (int)sizeof lock->key)
    return -1;
  return 0;
}

int rlock_take(struct rlock *lock) {
  redisReply *reply = redisCommand(lock->conn, "SET %s %s NX PX %d", lock->key, lock->token,
                                   lock->ttl_ms);
  int taken = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return taken;
}

int rlock_refresh(struct rlock *lock) {
  redisReply *reply = redisCommand(lock->conn, "PEXPIRE %s %d", lock->key, lock->ttl_ms);
  int kept = reply && reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
  freeReplyObject(reply);
  return kept;
}

void rlock_drop(struct rlock *lock) {
  redisReply *reply = redisCommand(lock->conn, "GET %s", lock->key);
  int mine = reply && reply->type == REDIS_REPLY_STRING && strcmp(reply->str, lock->token) == 0;
  freeReplyObject(reply);
  if (mine)
    freeReplyObject(redisCommand(lock->conn, "DEL %s", lock->key));
}
