#include <stdio.h>
#include <string.h>

#include "mylock.h"

struct exporter {
    MYSQL *db;
    struct mylock lock;
    FILE *out;
    long rows;
};

void exporter_init(struct exporter *ex, MYSQL *db, FILE *out)
{
    memset(ex, 0, sizeof(*ex));
    ex->db = db;
    ex->out = out;
    mylock_init(&ex->lock, db, "orders-export", 5);
}

/* Streams yesterday's orders to the warehouse CSV; one exporter at a time. */
int exporter_run(struct exporter *ex)
{
    MYSQL_RES *res;
    MYSQL_ROW row;

    if (mylock_get(&ex->lock) != 1)
        return 0;

    if (mysql_query(ex->db, "SELECT id, customer_id, total FROM orders WHERE created_at >= CURDATE() - INTERVAL 1 DAY AND created_at < CURDATE()")) {
        fprintf(stderr, "export: %s\n", mysql_error(ex->db));
        return -1;
    }
    res = mysql_use_result(ex->db);
    if (res == NULL) {
        mylock_release(&ex->lock);
        return -1;
    }
    while ((row = mysql_fetch_row(res)) != NULL) {
        fprintf(ex->out, "%s,%s,%s\n", row[0], row[1], row[2]);
        ex->rows++;
    }
    mysql_free_result(res);

    mylock_release(&ex->lock);
    return 1;
}
