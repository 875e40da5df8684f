#include "keyfmt.h"
#include "rlock.h"

#include <pthread.h>

static pthread_mutex_t stats_mu = PTHREAD_MUTEX_INITIALIZER;
static struct {
    long runs;
    long removed;
} gc_stats;

/* Drops sliding-window entries that fell out of the window for one bucket. */
long gc_bucket(redisContext *c, const char *bucket, long long now_ms, long long window_ms)
{
    char key[128];
    char zkey[128];
    char ckey[128];
    struct rlock l;

    rlock_init(&l, c, keyf(key, sizeof key, "lock:gc:%s", bucket), NULL, 5000);
    rlock_wait(&l);

    redisReply *r = redisCommand(c, "ZREMRANGEBYSCORE %s -inf %lld",
                                 keyf(zkey, sizeof zkey, "win:%s", bucket), now_ms - window_ms);
    long removed = (r && r->type == REDIS_REPLY_INTEGER) ? (long)r->integer : 0;
    if (r)
        freeReplyObject(r);

    r = redisCommand(c, "SET %s %ld EX 60", keyf(ckey, sizeof ckey, "gc:last:%s", bucket), removed);
    if (r)
        freeReplyObject(r);

    r = redisCommand(c, "DEL %s", l.key);
    if (r)
        freeReplyObject(r);

    pthread_mutex_lock(&stats_mu);
    gc_stats.runs++;
    gc_stats.removed += removed;
    pthread_mutex_unlock(&stats_mu);
    return removed;
}
