/*
 * migrate.c - applies pending schema migrations at pod start-up.
 *
 * Every replica of the API runs this before serving; the advisory lock
 * makes them go one at a time. The connection stays open afterwards and is
 * handed to the connection pool.
 */
#include "pglock.h"
#include "pgutil.h"

#include <stdio.h>
#include <string.h>

struct migration {
    int version;
    const char *name;
    const char *sql;
};

static int
apply_one(PGconn *conn, const struct migration *m)
{
    if (db_exec(conn, "BEGIN") != 0)
        return -1;
    if (db_exec(conn, m->sql) != 0 ||
        db_exec(conn, sqlf("INSERT INTO schema_migrations(version, name) VALUES (%d, '%s')",
                           m->version, m->name)) != 0) {
        db_exec(conn, "ROLLBACK");
        return -1;
    }
    return db_exec(conn, "COMMIT");
}

int
run_migrations(PGconn *conn, const struct migration *list, int n)
{
    struct pglock lk;
    int i, current, applied = 0;

    if (db_exec(conn, "CREATE TABLE IF NOT EXISTS schema_migrations ("
                      "version int PRIMARY KEY, name text, applied_at timestamptz DEFAULT now())") != 0)
        return -1;

    pglock_init(&lk, conn, MIGRATION_LOCK_KEY);
    if (pglock_wait(&lk) != 0)
        return -1;

    current = db_query_int(conn, "SELECT coalesce(max(version), 0) FROM schema_migrations");
    if (current < 0) {
        pglock_release(&lk);
        return -1;
    }

    for (i = 0; i < n; i++) {
        if (list[i].version <= current)
            continue;
        fprintf(stderr, "migrator: applying %d %s\n", list[i].version, list[i].name);
        if (apply_one(conn, &list[i]) != 0) {
            fprintf(stderr, "migrator: %d %s failed, stopping\n", list[i].version, list[i].name);
            return -1;
        }
        applied++;
    }

    pglock_release(&lk);
    return applied;
}

/* Read-only: how many migrations in `list` are not applied yet. */
int
pending_migrations(PGconn *conn, const struct migration *list, int n)
{
    int current = db_query_int(conn, "SELECT coalesce(max(version), 0) FROM schema_migrations");
    int i, pending = 0;

    if (current < 0)
        return -1;
    for (i = 0; i < n; i++)
        if (list[i].version > current)
            pending++;
    return pending;
}
