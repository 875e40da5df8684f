#include "pg_lock.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum {
    KEY_NORTH = 4101, KEY_SOUTH = 4102, KEY_EAST = 4103, KEY_WEST = 4104,
    KEY_NURSERY = 4105, KEY_ORCHARD = 4106, KEY_DRIP = 4107, KEY_HERBS = 4108
};

void irrigate_north(PGconn *conn)
{
    char cell[8];

    if (!pg_try_lock_text(conn, KEY_NORTH, cell, sizeof cell))
        return;
    open_valves(conn, "north");
    pg_unlock(conn, KEY_NORTH);
}

void irrigate_south(PGconn *conn)
{
    char cell[8];

    if (!pg_try_lock_text(conn, KEY_SOUTH, cell, sizeof cell) || cell[0] != 't')
        return;
    open_valves(conn, "south");
    pg_unlock(conn, KEY_SOUTH);
}

void irrigate_east(PGconn *conn)
{
    char cell[8];

    pg_try_lock_text(conn, KEY_EAST, cell, sizeof cell);
    if (cell[0] == 'f')
        return;
    open_valves(conn, "east");
    pg_unlock(conn, KEY_EAST);
}

void irrigate_west(PGconn *conn)
{
    char cell[8];

    pg_try_lock_text(conn, KEY_WEST, cell, sizeof cell);
    if (strcmp(cell, "t") != 0)
        return;
    open_valves(conn, "west");
    pg_unlock(conn, KEY_WEST);
}

int water_nursery(PGconn *conn)
{
    bool held;

    if (pg_try_lock_flag(conn, KEY_NURSERY, &held) != 0)
        return -1;
    mist_beds(conn);
    pg_unlock(conn, KEY_NURSERY);
    return 0;
}

int water_herbs(PGconn *conn)
{
    bool held;

    if (pg_try_lock_flag(conn, KEY_HERBS, &held) != 0 || !held)
        return -1;
    mist_beds(conn);
    return pg_unlock(conn, KEY_HERBS) ? 0 : -1;
}

int water_orchard(PGconn *conn)
{
    bool held = false;
    int attempt;

    for (attempt = 0; attempt < 6; attempt++) {
        if (pg_try_lock_flag(conn, KEY_ORCHARD, &held) == 0 && held)
            break;
        sleep(5);
    }
    if (!held)
        return -1;
    if (open_valves(conn, "orchard") != 0)
        return -1;
    flush_lines(conn, "orchard");
    pg_unlock(conn, KEY_ORCHARD);
    return 0;
}

void water_drip_lines(PGconn *conn)
{
    char cell[8] = "";

    for (;;) {
        if (pg_try_lock_text(conn, KEY_DRIP, cell, sizeof cell) && cell[0] == 't')
            break;
        sleep(2);
    }
    if (open_valves(conn, "drip") != 0)
        fprintf(stderr, "drip valves stuck\n");
    pg_unlock(conn, KEY_DRIP);
}
