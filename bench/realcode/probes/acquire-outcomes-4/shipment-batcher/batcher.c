#include "batcher.h"

#include <stdio.h>
#include <unistd.h>

#include "manifest.h"
#include "ship_lock.h"

int batch_close_manifest(struct batcher *b, const char *carrier)
{
    struct lock *l = lock_new(b->redis, carrier, 15000);
    int rc, closed;

    if (l == NULL)
        return -1;
    rc = lock_acquire(l);
    if (rc < 0) {
        fprintf(stderr, "manifest %s: lock error\n", carrier);
        lock_free(l);
        return -1;
    }
    closed = manifest_close(b->db, carrier);
    lock_release(l);
    lock_free(l);
    return closed;
}

int batch_assign_pickups(struct batcher *b, const char *depot)
{
    struct lock *l = lock_new(b->redis, depot, 30000);
    int assigned = 0;

    if (l == NULL)
        return -1;
    if (lock_acquire(l) == 1) {
        assigned = pickup_assign_all(b->db, depot);
        lock_release(l);
    }
    lock_free(l);
    return assigned;
}

int batch_reprint_labels(struct batcher *b, const char *carrier)
{
    struct lock *l = lock_new(b->redis, carrier, 15000);
    int tries = 0, rc;

    if (l == NULL)
        return -1;
again:
    rc = lock_acquire(l);
    if (rc == 0 && ++tries < 5) {
        usleep(200000);
        goto again;
    }
    if (rc != 1) {
        lock_free(l);
        return rc;
    }
    rc = labels_reprint(b->db, carrier);
    lock_release(l);
    lock_free(l);
    return rc;
}
