#ifndef SHIP_LABEL_LOCK_H
#define SHIP_LABEL_LOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

/* 1 = acquired, 0 = held by someone else, -1 = no usable reply. */
int label_lock_try(redisContext *c, const char *key, const char *token, int ttl_ms);
void label_lock_release(redisContext *c, const char *key, const char *token);
/* HSET hash shipment url, applied only while key still holds token. 1 if stored. */
int label_store_held(redisContext *c, const char *key, const char *token,
                     const char *hash, const char *shipment, const char *url);
void make_token(char *buf, size_t n);

#endif
