/* sweep_lock.h -- Redis lock objects for the session sweeper fleet. */
#ifndef SWEEP_LOCK_H
#define SWEEP_LOCK_H

#include <hiredis/hiredis.h>

typedef struct SweepLock {
    redisContext *ctx;
    char *key;          /* "sweep:lock:<name>" */
    char *hbKey;        /* "sweep:hb:<name>" heartbeat timestamp of the holder */
    char owner[80];
    int ttlMs;
} SweepLock;

SweepLock *SweepLock_New(redisContext *ctx, const char *name, int ttlMs);
void SweepLock_Free(SweepLock *l);

/* 1 = acquired, 0 = held elsewhere, -1 = error */
int SweepLock_Acquire(SweepLock *l);
/* 1 = renewed, 0 = lost, -1 = error */
int SweepLock_Renew(SweepLock *l);
int SweepLock_Release(SweepLock *l);
/* Records a heartbeat for operators (seconds since epoch). */
int SweepLock_Heartbeat(SweepLock *l, long long now);
/* Forcibly takes over a lock whose holder stopped heart-beating. */
int SweepLock_Steal(SweepLock *l);

#endif
