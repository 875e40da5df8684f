#include "allocator.h"
#include "mlock.h"

#include <stdio.h>
#include <unistd.h>

long alloc_block(MYSQL *db, int size)
{
    long got = 0, first;

    if (mlock_get(db, TICKET_LOCK, 3, &got) != 0 || got != 1)
        return -1;
    first = store_next_block(db, size);
    mlock_put(db, TICKET_LOCK);
    return first;
}

long alloc_retry(MYSQL *db, int size)
{
    long got, first;

retry:
    got = 0;
    if (mlock_get(db, TICKET_LOCK, 1, &got) != 0)
        return -1;
    if (got != 1) {
        sleep(1);
        goto retry;
    }
    first = store_next_block(db, size);
    mlock_put(db, TICKET_LOCK);
    return first;
}

long alloc_bounded(MYSQL *db, int size)
{
    long got, first;
    int tries = 0;

again:
    got = 0;
    if (mlock_get(db, TICKET_LOCK, 1, &got) != 0)
        return -1;
    if (got != 1) {
        if (++tries < 5)
            goto again;
        return -1;
    }
    first = store_next_block(db, size);
    mlock_put(db, TICKET_LOCK);
    return first;
}

int alloc_batch(MYSQL *db, long *ids, int n)
{
    long got = 0;
    int filled = -1;

    if (mlock_get(db, TICKET_LOCK, 3, &got) == 0) {
        filled = store_batch(db, ids, n);
        mlock_put(db, TICKET_LOCK);
    }
    return filled;
}

long alloc_reserve(MYSQL *db, int n)
{
    long got = 0, first;

    if (mlock_get(db, TICKET_LOCK, 3, &got) < 0)
        return -1;
    if (!got)
        return 0;

    if (n <= 0 || n > TICKET_MAX_BATCH) {
        fprintf(stderr, "alloc_reserve: bad size %d\n", n);
        return -2;
    }
    first = store_reserve(db, n);
    mlock_put(db, TICKET_LOCK);
    return first;
}
