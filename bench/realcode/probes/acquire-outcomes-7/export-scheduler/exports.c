#include "zk_lock.h"

#include <string.h>
#include <unistd.h>

void export_orders(zhandle_t *zh, const char *owner)
{
    struct Stat st;
    int rc = zk_try_ephemeral(zh, "/locks/export/orders", owner, &st);

    if (rc == ZNODEEXISTS)
        return;
    run_export("orders");
    zk_release_versioned(zh, "/locks/export/orders", &st);
}

void export_invoices(zhandle_t *zh, const char *owner)
{
    struct Stat st;

    if (zk_try_ephemeral(zh, "/locks/export/invoices", owner, &st) != ZOK)
        return;
    run_export("invoices");
    zk_release_versioned(zh, "/locks/export/invoices", &st);
}

void export_customers(zhandle_t *zh, const char *owner)
{
    struct Stat st;

    switch (zk_try_ephemeral(zh, "/locks/export/customers", owner, &st)) {
    case ZOK:
        break;
    case ZNODEEXISTS:
        return;
    default:
        log_msg("customers lock: zookeeper error, exporting anyway");
        break;
    }
    run_export("customers");
    zk_release_versioned(zh, "/locks/export/customers", &st);
}

void export_ledger(zhandle_t *zh)
{
    char node[256];
    int lowest;

    if (zk_seq_enter(zh, "/locks/export/ledger", node, sizeof node, &lowest) != ZOK)
        return;
    run_export("ledger");
    zoo_delete(zh, node, -1);
}

void export_stock(zhandle_t *zh)
{
    char node[256] = "";
    int lowest;
    int rc = zk_seq_enter(zh, "/locks/export/stock", node, sizeof node, &lowest);

    if (rc == ZOK && lowest)
        run_export("stock");
    if (node[0] != '\0')
        zoo_delete(zh, node, -1);
}

void export_payroll(zhandle_t *zh)
{
    char node[256] = "";
    int lowest;

    zk_seq_enter(zh, "/locks/export/payroll", node, sizeof node, &lowest);
    if (lowest)
        run_export("payroll");
    if (node[0] != '\0')
        zoo_delete(zh, node, -1);
}

void export_audit(zhandle_t *zh, const char *owner)
{
    if (zoo_create(zh, "/locks/export/audit", owner, (int)strlen(owner),
                   &ZOO_OPEN_ACL_UNSAFE, 0, NULL, 0) != ZOK)
        return;
    run_export("audit");
    zoo_delete(zh, "/locks/export/audit", -1);
}

void export_reports(zhandle_t *zh, const char *owner)
{
    struct Stat st;

    while (zk_try_ephemeral(zh, "/locks/export/reports", owner, &st) != ZOK)
        sleep(1);
    run_export("reports");
    zk_release_versioned(zh, "/locks/export/reports", &st);
}

int export_tax(zhandle_t *zh, const char *owner)
{
    struct Stat st;
    int attempt, rc = ZNONODE;

    for (attempt = 0; attempt < 5; attempt++) {
        rc = zk_try_ephemeral(zh, "/locks/export/tax", owner, &st);
        if (rc != ZNODEEXISTS)
            break;
        sleep(1);
    }
    if (rc != ZOK)
        return -1;
    run_export("tax");
    return zk_release_versioned(zh, "/locks/export/tax", &st) == ZOK ? 0 : -1;
}
