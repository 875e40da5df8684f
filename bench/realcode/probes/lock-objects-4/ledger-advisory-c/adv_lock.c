#define _POSIX_C_SOURCE 200809L
#include "adv_lock.h"
#include "pgutil.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static int32_t ns_hash(const char *ns)
{
    uint32_t h = 2166136261u;
    for (; *ns; ns++) {
        h ^= (unsigned char)*ns;
        h *= 16777619u;
    }
    return (int32_t)h;
}

static long elapsed_ms(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - since->tv_sec) * 1000L + (now.tv_nsec - since->tv_nsec) / 1000000L;
}

void adv_lock_init(struct adv_lock *l, PGconn *conn, const char *ns, int32_t id)
{
    memset(l, 0, sizeof *l);
    l->conn = conn;
    l->ns = ns_hash(ns);
    l->id = id;
    snprintf(l->label, sizeof l->label, "%s/%d", ns, id);
}

int adv_lock_try(struct adv_lock *l)
{
    int64_t got = db_scalar(l->conn, "SELECT pg_try_advisory_lock(%d, %d)", l->ns, l->id);
    l->held = (got == 1);
    return l->held;
}

int adv_lock_wait(struct adv_lock *l, int timeout_ms)
{
    struct timespec start;
    struct timespec pause = { 0, 100 * 1000 * 1000 };
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (!adv_lock_try(l)) {
        if (elapsed_ms(&start) >= timeout_ms)
            return 0;
        nanosleep(&pause, NULL);
    }
    return 1;
}

void adv_lock_release(struct adv_lock *l)
{
    if (!l->held)
        return;
    db_scalar(l->conn, "SELECT pg_advisory_unlock(%d, %d)", l->ns, l->id);
    l->held = 0;
}
