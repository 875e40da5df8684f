#ifndef BATCHER_H
#define BATCHER_H

#include <hiredis/hiredis.h>

struct shipdb;

struct batcher {
    redisContext *redis;
    struct shipdb *db;
};

int batch_close_manifest(struct batcher *b, const char *carrier);
int batch_assign_pickups(struct batcher *b, const char *depot);
int batch_reprint_labels(struct batcher *b, const char *carrier);

#endif
