#ifndef TAKE_H
#define TAKE_H
#include <hiredis/async.h>

struct job {
    redisAsyncContext *ac;
    char key[64];
    char owner[40];
    const char *channel;
};

int take_submit(struct job *job, redisCallbackFn *cb, int ttl_ms);
int take_granted(const redisReply *reply);
#endif
