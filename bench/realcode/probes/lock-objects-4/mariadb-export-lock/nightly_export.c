#include "db.h"
#include "export_lock.h"

#include <stdio.h>

/* Copies one tenant's finished orders into the export table. */
int export_tenant(MYSQL *db, int tenant_id, const char *day)
{
    struct export_lock lk;
    int rc = -1;

    export_lock_init(&lk, db, "export:%d", tenant_id);
    if (!export_lock_acquire(&lk, 10)) {
        fprintf(stderr, "export: tenant %d busy\n", tenant_id);
        return 1;
    }

    if (exec_fmt(db, "DELETE FROM export_rows WHERE tenant_id = %d AND day = '%s'", tenant_id, day))
        goto done;
    if (exec_fmt(db,
                 "INSERT INTO export_rows (tenant_id, day, order_id, total) "
                 "SELECT tenant_id, '%s', id, total FROM orders "
                 "WHERE tenant_id = %d AND DATE(closed_at) = '%s'",
                 day, tenant_id, day))
        goto done;
    rc = 0;
done:
    export_lock_release(&lk);
    return rc;
}

/* Runs every tenant; one exporter at a time across the fleet. */
int export_all(const char *day)
{
    MYSQL *db = db_pool_get();
    if (db == NULL)
        return -1;

    if (query_long(db, "SELECT GET_LOCK('export-all', 5)") != 0) {
        long n = query_long(db, "SELECT MAX(id) FROM tenants");
        for (long t = 1; t <= n; t++)
            export_tenant(db, (int)t, day);
        exec_fmt(db, "UPDATE export_state SET last_day = '%s'", day);
        query_long(db, "SELECT RELEASE_LOCK('export-all')");
    }
    db_pool_put(db);
    return 0;
}

/* Dashboard: connection id of the running fleet exporter, 0 when idle. */
long exporter_connection(MYSQL *db)
{
    long id = query_long(db, "SELECT IS_USED_LOCK('export-all')");
    return id < 0 ? 0 : id;
}
