#ifndef DISPATCHER_H
#define DISPATCHER_H

#include <hiredis/hiredis.h>

struct outbox;

struct dispatcher {
    redisContext *redis;
    struct outbox *outbox;
};

int dispatch_pending(struct dispatcher *d, const char *endpoint);
int dispatch_retry(struct dispatcher *d, const char *endpoint);
int dispatch_drain(struct dispatcher *d, const char *endpoint);
int dispatch_one(struct dispatcher *d, const char *endpoint, const char *event_id);

/* delivery.c */
int deliver_queue(struct dispatcher *d, const char *endpoint);
int deliver_failed(struct dispatcher *d, const char *endpoint);
int deliver_event(struct dispatcher *d, const char *endpoint, const char *event_id);
int drain_endpoint(struct dispatcher *d, const char *endpoint);

#endif
