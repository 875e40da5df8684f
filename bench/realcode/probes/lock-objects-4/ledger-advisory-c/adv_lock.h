#ifndef LEDGER_ADV_LOCK_H
#define LEDGER_ADV_LOCK_H

#include <stdint.h>
#include <postgresql/libpq-fe.h>

/* Session-level advisory lock on (hash(namespace), id). */
struct adv_lock {
    PGconn *conn;
    int32_t ns;
    int32_t id;
    int held;
    char label[64];
};

void adv_lock_init(struct adv_lock *l, PGconn *conn, const char *ns, int32_t id);
int adv_lock_try(struct adv_lock *l);
int adv_lock_wait(struct adv_lock *l, int timeout_ms);
void adv_lock_release(struct adv_lock *l);

#endif
