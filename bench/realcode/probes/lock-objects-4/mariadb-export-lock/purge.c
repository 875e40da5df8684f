#include "db.h"
#include "export_lock.h"

#include <stdio.h>

/* Drops export rows older than keep_days for one tenant. */
int purge_tenant(MYSQL *db, int tenant_id, int keep_days)
{
    struct export_lock lk;

    export_lock_init(&lk, db, "export:%d", tenant_id);
    if (!export_lock_acquire(&lk, 10))
        return 1;

    if (exec_fmt(db,
                 "DELETE FROM export_rows WHERE tenant_id = %d "
                 "AND day < CURRENT_DATE - INTERVAL %d DAY",
                 tenant_id, keep_days) != 0) {
        fprintf(stderr, "purge %d: %s\n", tenant_id, mysql_error(db));
        return -1;
    }
    long left = query_long(db, "SELECT COUNT(*) FROM export_rows WHERE tenant_id = %d", tenant_id);
    export_lock_release(&lk);
    return left < 0 ? -1 : 0;
}

/* Weekly: shrink the archive table. Must not overlap with any exporter. */
int compact_archive(MYSQL *db)
{
    struct export_lock lk;

    export_lock_init(&lk, db, "export-archive");
    if (!export_lock_acquire(&lk, -1))
        return -1;

    int rc = exec_fmt(db, "OPTIMIZE TABLE export_rows");
    export_lock_release(&lk);
    return rc;
}
