#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "lease.h"

int pull_feed(redisContext *c, const char *feed);

volatile sig_atomic_t g_stop;

redisContext *ingest_connect(const char *host)
{
    struct timeval tv = {2, 0};
    redisContext *c = redisConnectWithTimeout(host, 6379, tv);
    if (c == NULL || c->err)
        return NULL;
    if (redisEnableKeepAliveWithInterval(c, 15) != REDIS_OK)
        fprintf(stderr, "ingest: keepalive interval not set\n");
    return c;
}

int ingest_feed(redisContext *c, const char *feed)
{
    char key[128], tok[40];
    int attempts = 0, got = 0;
    snprintf(key, sizeof key, "feed:%s:puller", feed);
    lease_token(tok, sizeof tok);
    while (!got && attempts < 5) {
        got = lease_try(c, key, tok, 30000) == 1;
        if (!got) {
            attempts++;
            usleep(200 * 1000);
        }
    }
    if (!got)
        return -1;
    int rc = pull_feed(c, feed);
    return lease_drop(c, key, tok) ? rc : -1;
}

int ingest_feed_patient(redisContext *c, const char *feed)
{
    char key[128], tok[40];
    snprintf(key, sizeof key, "feed:%s:puller", feed);
    lease_token(tok, sizeof tok);
    while (lease_try(c, key, tok, 30000) != 1)
        usleep(100 * 1000);
    int rc = pull_feed(c, feed);
    return lease_drop(c, key, tok) ? rc : -1;
}

int ingest_feed_capped(redisContext *c, const char *feed)
{
    char key[128], tok[40];
    const int max_attempts = 10;
    int attempts = 0;
    snprintf(key, sizeof key, "feed:%s:puller", feed);
    lease_token(tok, sizeof tok);
    while (attempts < max_attempts) {
        if (lease_try(c, key, tok, 30000) == 1)
            break;
        usleep(250 * 1000);
    }
    if (attempts >= max_attempts)
        return -1;
    int rc = pull_feed(c, feed);
    return lease_drop(c, key, tok) ? rc : -1;
}

int ingest_until_stopped(redisContext *c, const char *feed)
{
    char key[128], tok[40];
    int got = 0;
    snprintf(key, sizeof key, "feed:%s:puller", feed);
    lease_token(tok, sizeof tok);
    while (!g_stop) {
        got = lease_try(c, key, tok, 30000) == 1;
        if (got)
            break;
        sleep(1);
    }
    if (!got)
        return -1;
    int rc = pull_feed(c, feed);
    return lease_drop(c, key, tok) ? rc : -1;
}
