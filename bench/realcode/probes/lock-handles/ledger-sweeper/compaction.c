#define _DEFAULT_SOURCE
#include <stdio.h>
#include <unistd.h>

#include "ledger.h"
#include "rlock.h"

int compact_ledger_segments(redisContext *rc, const char **segments, size_t n)
{
    rlock_t *lk;
    size_t i;
    int failures = 0;

    lk = rlock_new(rc, "compaction", 300);
    if (!lk)
        return -1;

    while (!rlock_try(lk))
        usleep(200 * 1000);

    for (i = 0; i < n; i++) {
        if (segment_compact(segments[i]) != 0) {
            fprintf(stderr, "compaction: segment %s failed\n", segments[i]);
            failures++;
        }
    }

    rlock_free(lk);
    return failures ? -1 : 0;
}
