#ifndef RATE_SYNC_BUCKETS_H
#define RATE_SYNC_BUCKETS_H

#include <hiredis/hiredis.h>

/* Bucket maths (bucket_math.c, outside this probe). */
int refill_quota(const char *bucket);
int resize_bucket(const char *bucket, long capacity);
int load_buckets(void);
int spread_buckets(void);
int drain_bucket(const char *bucket);

int bucket_refill(redisContext *c, const char *bucket);
int bucket_resize(redisContext *c, const char *bucket, long capacity);
int bucket_rebalance(redisContext *c);
int bucket_consume(redisContext *c, const char *bucket);
int bucket_drain(redisContext *c, const char *bucket);

#endif
