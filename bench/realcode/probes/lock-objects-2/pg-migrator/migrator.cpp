// migrator.cpp -- applies and rolls back schema migrations, one node at a time.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "advisory_lock.h"

struct Migration
{
    int version;
    std::string up;
    std::string down;
};

static bool execOk(PGconn *conn, const std::string &sql)
{
    PGresult *res = PQexec(conn, sql.c_str());
    const bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    if (!ok)
        std::cerr << "migrate: " << PQerrorMessage(conn);
    PQclear(res);
    return ok;
}

int applyPending(PGconn *conn, const std::vector<Migration> &pending)
{
    AdvisoryLock lock(conn, "schema-migrations");
    while (!lock.tryLock()) {
        std::clog << "migrate: waiting for another migrator\n";
        sleep(2);
    }

    int applied = 0;
    for (const Migration &m : pending) {
        if (!execOk(conn, "BEGIN") || !execOk(conn, m.up) ||
            !execOk(conn, "INSERT INTO schema_version(version) VALUES (" +
                              std::to_string(m.version) + ")") ||
            !execOk(conn, "COMMIT")) {
            execOk(conn, "ROLLBACK");
            break;
        }
        ++applied;
    }
    lock.unlock();
    return applied;
}

bool rollbackLast(PGconn *conn, const std::vector<Migration> &known)
{
    using namespace std::chrono_literals;
    AdvisoryLock lock(conn, "schema-migrations");
    if (!lock.lockWithin(30s))
        return false;

    PGresult *res = PQexec(conn, "SELECT max(version) FROM schema_version");
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQgetisnull(res, 0, 0)) {
        std::cerr << "rollback: no applied migrations\n";
        PQclear(res);
        return false;
    }
    const int current = std::stoi(PQgetvalue(res, 0, 0));
    PQclear(res);

    bool ok = false;
    for (const Migration &m : known) {
        if (m.version != current)
            continue;
        ok = execOk(conn, "BEGIN") && execOk(conn, m.down) &&
             execOk(conn, "DELETE FROM schema_version WHERE version = " +
                              std::to_string(current)) &&
             execOk(conn, "COMMIT");
        if (!ok)
            execOk(conn, "ROLLBACK");
    }
    lock.unlock();
    return ok;
}
