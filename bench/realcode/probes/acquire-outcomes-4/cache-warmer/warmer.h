#ifndef WARMER_H
#define WARMER_H

#include <hiredis/async.h>

struct catalog;

int warmer_schedule_region(redisAsyncContext *ac, struct catalog *cat, const char *region);
int warmer_schedule_full(redisAsyncContext *ac, struct catalog *cat);
int warmer_schedule_tiles(redisAsyncContext *ac, struct catalog *cat, const char *region);

#endif
