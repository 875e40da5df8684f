/*
 * seed.c - loads reference tables (countries, currencies) after migrations
 * and checks that the schema matches what the binary expects.
 */
#include "pglock.h"
#include "pgutil.h"

#include <stdio.h>
#include <string.h>

static int
copy_csv(PGconn *conn, const char *table, const char *path)
{
    char line[1024];
    FILE *fp = fopen(path, "r");
    PGresult *res;
    int rc = 0;

    if (fp == NULL)
        return -1;
    res = PQexec(conn, sqlf("COPY %s FROM STDIN WITH (FORMAT csv)", table));
    if (PQresultStatus(res) != PGRES_COPY_IN) {
        PQclear(res);
        fclose(fp);
        return -1;
    }
    PQclear(res);
    while (fgets(line, sizeof line, fp) != NULL) {
        if (PQputCopyData(conn, line, (int)strlen(line)) != 1) {
            rc = -1;
            break;
        }
    }
    fclose(fp);
    if (PQputCopyEnd(conn, rc ? "client error" : NULL) != 1)
        rc = -1;
    res = PQgetResult(conn);
    if (PQresultStatus(res) != PGRES_COMMAND_OK)
        rc = -1;
    PQclear(res);
    return rc;
}

int
seed_reference_data(PGconn *conn, const char *dir)
{
    struct pglock lk;
    char path[512];
    int rc = 0;

    pglock_init(&lk, conn, SEED_LOCK_KEY);
    pglock_try(&lk);

    if (db_exec(conn, "TRUNCATE countries, currencies") != 0) {
        pglock_release(&lk);
        return -1;
    }
    snprintf(path, sizeof path, "%s/countries.csv", dir);
    if (copy_csv(conn, "countries", path) != 0)
        rc = -1;
    snprintf(path, sizeof path, "%s/currencies.csv", dir);
    if (copy_csv(conn, "currencies", path) != 0)
        rc = -1;

    pglock_release(&lk);
    return rc;
}

int
verify_schema(PGconn *conn, int expected_version)
{
    struct pglock lk;
    int version, got;

    pglock_init(&lk, conn, VERIFY_LOCK_KEY);
    got = pglock_try(&lk);
    if (got != 1)
        return got == 0 ? 0 : -1;   /* another pod is verifying */

    version = db_query_int(conn, "SELECT coalesce(max(version), 0) FROM schema_migrations");
    pglock_release(&lk);

    if (version != expected_version) {
        fprintf(stderr, "migrator: schema at %d, binary expects %d\n", version, expected_version);
        return -1;
    }
    return 1;
}
