#ifndef FLAGS_LEADER_H
#define FLAGS_LEADER_H

#include <stdbool.h>
#include <hiredis/hiredis.h>

typedef struct leader {
    redisContext *c;
    char key[80];
    char owner[40];
    int ttl_ms;
    bool held;
} leader_t;

void leader_init(leader_t *l, redisContext *c, const char *role, int ttl_ms);

/* Legacy entry point kept for the announce path. */
bool leader_try(leader_t *l);

/* true only when this process now holds the role. */
bool leader_try_strict(leader_t *l);

void leader_release(leader_t *l);

/* Maintained by the heartbeat thread for the "publisher" role. */
extern bool g_is_leader;

#endif
