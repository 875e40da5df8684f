#include "publisher.h"
#include "feed_lock.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define FEED_TTL_MS  300000
#define TOKEN_LEN    33

static void lock_key(char *buf, size_t n, const char *feed)
{
    snprintf(buf, n, "feedlock:%s", feed);
}

int publish_batch(redisContext *c, const char *feed)
{
    char key[128], tok[TOKEN_LEN];
    redisReply *r;
    int rc;

    lock_key(key, sizeof key, feed);
    feed_token(tok, sizeof tok);

    r = feed_lock_cmd(c, key, tok, FEED_TTL_MS);
    if (r != NULL && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0) {
        freeReplyObject(r);
        rc = feed_flush(feed);
        feed_unlock(c, key, tok);
        return rc;
    }
    if (r)
        freeReplyObject(r);
    return -1;
}

int publish_urgent(redisContext *c, const char *feed)
{
    char key[128], tok[TOKEN_LEN];
    redisReply *r;
    int rc;

    lock_key(key, sizeof key, feed);
    feed_token(tok, sizeof tok);

    r = feed_lock_cmd(c, key, tok, FEED_TTL_MS);
    if (r == NULL || r->type == REDIS_REPLY_ERROR) {
        if (r)
            freeReplyObject(r);
        return -1;
    }
    freeReplyObject(r);

    rc = feed_flush_urgent(feed);
    feed_unlock(c, key, tok);
    return rc;
}

int publish_wait(redisContext *c, const char *feed)
{
    char key[128], tok[TOKEN_LEN];
    redisReply *r;
    int rc;

    lock_key(key, sizeof key, feed);
    feed_token(tok, sizeof tok);

    while ((r = feed_lock_cmd(c, key, tok, FEED_TTL_MS)) == NULL ||
           r->type != REDIS_REPLY_STATUS || strcmp(r->str, "OK") != 0) {
        if (r)
            freeReplyObject(r);
        usleep(50 * 1000);
    }
    freeReplyObject(r);

    rc = feed_flush(feed);
    feed_unlock(c, key, tok);
    return rc;
}

int publish_bounded(redisContext *c, const char *feed)
{
    char key[128], tok[TOKEN_LEN];
    redisReply *r;
    int attempt, got = 0, rc;

    lock_key(key, sizeof key, feed);
    feed_token(tok, sizeof tok);

    for (attempt = 0; attempt < 40 && !got; attempt++) {
        r = feed_lock_cmd(c, key, tok, FEED_TTL_MS);
        got = r != NULL && r->type == REDIS_REPLY_STATUS && strcasecmp(r->str, "ok") == 0;
        if (r)
            freeReplyObject(r);
        if (!got)
            usleep(50 * 1000);
    }
    if (!got)
        return -1;

    rc = feed_flush(feed);
    feed_unlock(c, key, tok);
    return rc;
}

int publish_switch(redisContext *c, const char *feed)
{
    char key[128], tok[TOKEN_LEN];
    redisReply *r;
    int held, rc;

    lock_key(key, sizeof key, feed);
    feed_token(tok, sizeof tok);

    r = feed_lock_cmd(c, key, tok, FEED_TTL_MS);
    if (r == NULL)
        return -1;
    switch (r->type) {
    case REDIS_REPLY_STATUS:
        held = strcmp(r->str, "OK") == 0;
        break;
    case REDIS_REPLY_NIL:
        held = 0;
        break;
    default:
        held = -1;
        break;
    }
    freeReplyObject(r);
    if (held != 1)
        return held;

    rc = feed_flush(feed);
    feed_unlock(c, key, tok);
    return rc;
}

int publish_digest(redisContext *c, const char *feed)
{
    char key[128], tok[TOKEN_LEN];
    redisReply *r;
    int ok;

    lock_key(key, sizeof key, feed);
    feed_token(tok, sizeof tok);

    r = feed_lock_cmd(c, key, tok, FEED_TTL_MS);
    ok = r != NULL && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;
    if (r)
        freeReplyObject(r);
    if (!ok)
        return 0;

    if (feed_build_digest(feed) < 0) {
        fprintf(stderr, "digest for %s failed\n", feed);
        return -1;
    }
    if (feed_flush(feed) < 0) {
        feed_unlock(c, key, tok);
        return -1;
    }
    feed_unlock(c, key, tok);
    return 1;
}
