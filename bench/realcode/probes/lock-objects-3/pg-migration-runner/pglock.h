#ifndef MIGRATOR_PGLOCK_H
#define MIGRATOR_PGLOCK_H

#include <libpq-fe.h>

#define MIGRATION_LOCK_KEY 7340010001LL
#define SEED_LOCK_KEY      7340010002LL
#define VERIFY_LOCK_KEY    7340010003LL

/* Session-level advisory lock on one connection. */
struct pglock {
    PGconn *conn;
    long long key;
    int held;
};

void pglock_init(struct pglock *lk, PGconn *conn, long long key);
int pglock_try(struct pglock *lk);      /* 1 acquired, 0 busy, -1 error */
int pglock_wait(struct pglock *lk);     /* 0 acquired, -1 error */
int pglock_release(struct pglock *lk);

#endif
