#ifndef FEED_PUBLISHER_H
#define FEED_PUBLISHER_H

#include <hiredis/hiredis.h>

/* fan-out to subscribers (fanout.c, outside this probe) */
int feed_flush(const char *feed);
int feed_flush_urgent(const char *feed);
int feed_build_digest(const char *feed);

int publish_batch(redisContext *c, const char *feed);
int publish_urgent(redisContext *c, const char *feed);
int publish_wait(redisContext *c, const char *feed);
int publish_bounded(redisContext *c, const char *feed);
int publish_switch(redisContext *c, const char *feed);
int publish_digest(redisContext *c, const char *feed);

#endif
