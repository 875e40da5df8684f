/* rl_lease.h -- Redis leases for the rate-limit bucket sync daemon.
 * Several copies of the daemon run behind the same Redis. */
#ifndef RATE_SYNC_RL_LEASE_H
#define RATE_SYNC_RL_LEASE_H

#include <stdbool.h>
#include <stddef.h>
#include <hiredis/hiredis.h>

#define RL_TOKEN_LEN 33

struct rl_result {
    int  acquired;             /* 1 when the lease is ours */
    int  err;                  /* 0, or a negative errno-style code */
    char token[RL_TOKEN_LEN];  /* holder token when acquired */
};

/* Level 1: one SET NX PX attempt, outcome packed in a struct.
 * err == 0 means Redis answered (acquired tells whether we won). */
struct rl_result rl_acquire(redisContext *c, const char *name, int ttl_ms);

/* Level 2: same thing with an out-parameter.
 * Returns 0 when Redis answered, -EIO / -EPROTO otherwise;
 * *acquired is true only when the lease is ours. */
int rl_take(redisContext *c, const char *name, int ttl_ms,
            char *token_out, size_t token_len, bool *acquired);

/* Compare-and-delete; 1 when our token was removed. */
int rl_give(redisContext *c, const char *name, const char *token);

#endif
