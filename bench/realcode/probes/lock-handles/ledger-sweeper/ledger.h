#ifndef LEDGER_H
#define LEDGER_H

#include <stddef.h>
#include <hiredis/hiredis.h>

/* client of the ledger HTTP API (separate library); idempotent per hold id */
int ledger_post_release(const char *hold_id);
/* rewrites a segment file on the shared volume */
int segment_compact(const char *segment);

int sweep_expired_holds(redisContext *rc, long now_epoch);
int compact_ledger_segments(redisContext *rc, const char **segments, size_t n);

#endif
