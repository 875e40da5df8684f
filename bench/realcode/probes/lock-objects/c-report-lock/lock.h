#ifndef REPORT_LOCK_H
#define REPORT_LOCK_H

#include <hiredis/hiredis.h>

struct lock_handle {
    redisContext *c;
    char key[64];
};

int  lock_init(struct lock_handle *h, redisContext *c, const char *name);
int  lock_acquire(struct lock_handle *h, int ttl_sec);
void lock_release(struct lock_handle *h);

#endif
