#include "reconciler.h"

#include <stdio.h>

#include "quota_lock.h"
#include "usage.h"

int reconcile_account(struct reconciler *rc, const char *account)
{
    int lock_rc = 0, attempt, ok;
    long used;

    for (attempt = 0; attempt < 3; attempt++) {
        lock_rc = quota_lock_take(rc->db, account, rc->lock_wait_s);
        if (lock_rc != 0)
            break;
    }
    if (lock_rc != 1)
        return lock_rc;

    used = usage_sum(rc->db, account);
    ok = used >= 0 && quota_set_used(rc->db, account, used) == 0;
    quota_lock_drop(rc->db, account);
    return ok ? 1 : -1;
}

int reset_monthly(struct reconciler *rc, const char *account)
{
    char esc[129], sql[256];

    if (db_escape_account(rc->db, account, esc, sizeof(esc)) != 0)
        return -1;
    snprintf(sql, sizeof(sql), "SELECT GET_LOCK('quota:%s', 0)", esc);
    if (db_query_int(rc->db, sql) == -1) {
        fprintf(stderr, "reset %s: lock query failed\n", account);
        return -1;
    }
    quota_set_used(rc->db, account, 0);
    quota_lock_drop(rc->db, account);
    return 0;
}

int bump_limit(struct reconciler *rc, const char *account, long delta)
{
    long limit;

    if (quota_lock_take(rc->db, account, rc->lock_wait_s) != 1)
        return 0;
    limit = quota_get_limit(rc->db, account);
    if (limit < 0)
        return -1;
    quota_set_limit(rc->db, account, limit + delta);
    quota_lock_drop(rc->db, account);
    return 1;
}

int close_account(struct reconciler *rc, const char *account)
{
    char esc[129], sql[256];
    int rc_archive;

    if (db_escape_account(rc->db, account, esc, sizeof(esc)) != 0)
        return -1;
    snprintf(sql, sizeof(sql), "SELECT GET_LOCK('quota:%s', %d)", esc, rc->lock_wait_s);
    if (db_query_int(rc->db, sql) != 1)
        return 0;
    rc_archive = account_archive(rc->db, account);
    quota_lock_drop(rc->db, account);
    return rc_archive;
}
