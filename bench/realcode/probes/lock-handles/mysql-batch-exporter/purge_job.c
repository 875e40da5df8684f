#include <stdio.h>

#include "mylock.h"

int purge_old_sessions(MYSQL *db)
{
    struct mylock l;

    mylock_init(&l, db, "purge-sessions", 10);
    mylock_get(&l);

    if (mysql_query(db, "DELETE FROM sessions WHERE last_seen < NOW() - INTERVAL 30 DAY LIMIT 10000") != 0) {
        fprintf(stderr, "purge: %s\n", mysql_error(db));
        mylock_release(&l);
        return -1;
    }
    mylock_release(&l);
    return (int)mysql_affected_rows(db);
}

int compact_audit(MYSQL *db)
{
    struct mylock l;
    int rc = 0;

    mylock_init(&l, db, "audit-compact", 0);
    if (mylock_get_blocking(&l) != 1)
        return -1;

    if (mysql_query(db, "OPTIMIZE TABLE audit_log") != 0)
        rc = -1;
    else
        mysql_free_result(mysql_store_result(db));

    mylock_release(&l);
    return rc;
}

int rotate_partitions(MYSQL *db)
{
    struct mylock l;
    int rc = -1;

    mylock_init(&l, db, "rotate-partitions", 15);
    switch (mylock_get(&l)) {
    case 1:
        break;
    case 0:
        return 0;
    default:
        return -1;
    }

    if (mysql_query(db, "CALL rotate_audit_partitions()") != 0) {
        fprintf(stderr, "rotate: %s\n", mysql_error(db));
        goto done;
    }
    rc = 1;

done:
    mylock_release(&l);
    return rc;
}
