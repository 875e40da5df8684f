#include "carriers.h"
#include "label_lock.h"

#include <stdio.h>

void print_ground_labels(redisContext *c, const char *batch)
{
    char token[40], key[96];
    make_token(token, sizeof token);
    snprintf(key, sizeof key, "label-lock:ground:%s", batch);
    if (label_lock_try(c, key, token, 30000)) {
        print_labels(batch, CARRIER_GROUND);
        label_lock_release(c, key, token);
    }
}

void print_air_labels(redisContext *c, const char *batch)
{
    char token[40], key[96];
    make_token(token, sizeof token);
    snprintf(key, sizeof key, "label-lock:air:%s", batch);
    if (label_lock_try(c, key, token, 30000) == 1) {
        const char *url = print_labels(batch, CARRIER_AIR);
        label_store_held(c, key, token, "labels:air", batch, url);
        label_lock_release(c, key, token);
    }
}

void print_freight_labels(redisContext *c, const char *batch)
{
    char token[40], key[96];
    int held = -1;
    make_token(token, sizeof token);
    snprintf(key, sizeof key, "label-lock:freight:%s", batch);
    redisReply *r = redisCommand(c, "SET %s %s NX PX %d", key, token, 30000);
    if (r && r->type == REDIS_REPLY_STATUS)
        held = 1;
    else if (r && r->type == REDIS_REPLY_NIL)
        held = 0;
    if (r)
        freeReplyObject(r);
    if (held) {
        const char *url = print_labels(batch, CARRIER_FREIGHT);
        label_store_held(c, key, token, "labels:freight", batch, url);
        label_lock_release(c, key, token);
    }
}

void print_express_labels(redisContext *c, const char *batch)
{
    char token[40], key[96];
    int held = -1;
    make_token(token, sizeof token);
    snprintf(key, sizeof key, "label-lock:express:%s", batch);
    redisReply *r = redisCommand(c, "SET %s %s NX PX %d", key, token, 30000);
    if (r && r->type == REDIS_REPLY_STATUS)
        held = 1;
    else if (r && r->type == REDIS_REPLY_NIL)
        held = 0;
    if (r)
        freeReplyObject(r);
    if (held == 1) {
        const char *url = print_labels(batch, CARRIER_EXPRESS);
        freeReplyObject(redisCommand(c, "HSET labels:express %s %s", batch, url));
        label_lock_release(c, key, token);
    }
}

void print_parcel_labels(redisContext *c, const char *batch)
{
    char token[40], key[96];
    make_token(token, sizeof token);
    snprintf(key, sizeof key, "label-lock:parcel:%s", batch);
    int st = label_lock_try(c, key, token, 30000);
    if (st < 0)
        fprintf(stderr, "label lock for %s: no reply\n", batch);
    if (st > 0) {
        const char *url = print_labels(batch, CARRIER_PARCEL);
        label_store_held(c, key, token, "labels:parcel", batch, url);
        label_lock_release(c, key, token);
    }
}
