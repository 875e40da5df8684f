#ifndef INVOICE_BILLING_H
#define INVOICE_BILLING_H

#include <hiredis/hiredis.h>

struct billing_cfg {
    const char *period;        /* "2024-05" */
    const char *export_dir;
    int lock_ttl_ms;
    int lock_attempts;
    int lock_backoff_ms;
    int batch_size;
};

int billing_close_period(redisContext *c, const struct billing_cfg *cfg);
int billing_send_reminders(redisContext *c, const struct billing_cfg *cfg);
int reconcile_account(redisContext *c, const char *account_id);
int reconcile_export(redisContext *c, const struct billing_cfg *cfg);

#endif
