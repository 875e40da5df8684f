#ifndef COUPON_LOCK_H
#define COUPON_LOCK_H

#include <libpq-fe.h>

/*
 * Session-level advisory lock that serialises code minting for one
 * coupon campaign.  Key space: COUPON_LOCK_NS + campaign id.
 */
typedef struct coupon_lock {
    PGconn    *conn;
    long long  key;
    int        held;
} coupon_lock;

enum { CL_ERROR = -1, CL_BUSY = 0, CL_HELD = 1 };

void coupon_lock_init(coupon_lock *l, PGconn *conn, long long campaign_id);

/*
 * Low level: runs SELECT pg_try_advisory_lock(key).
 * Returns 1 when the statement produced its single row (the result is
 * handed to the caller through *res_out and must be PQclear'ed), 0 on a
 * connection or SQL error.  Inspect the row with coupon_lock_granted().
 */
int  coupon_lock_exec(coupon_lock *l, PGresult **res_out);
int  coupon_lock_granted(const PGresult *res);

/* High level: CL_HELD, CL_BUSY or CL_ERROR. */
int  coupon_lock_try(coupon_lock *l);
void coupon_lock_release(coupon_lock *l);

#endif /* COUPON_LOCK_H */
