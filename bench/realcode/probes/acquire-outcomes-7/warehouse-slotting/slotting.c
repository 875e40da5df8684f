#include "slot_lock.h"

#include <unistd.h>

void slot_inbound(MYSQL *db)
{
    long v;

    if (slot_get_lock(db, "slot:inbound", 5, &v) == 0) {
        reserve_slots(db, "inbound", 40);
        slot_release(db, "slot:inbound");
    }
}

void slot_outbound(MYSQL *db)
{
    long v;

    if (slot_get_lock(db, "slot:outbound", 5, &v) != 0 || v != 1)
        return;
    reserve_slots(db, "outbound", 40);
    slot_release(db, "slot:outbound");
}

void slot_returns(MYSQL *db)
{
    long v;

    slot_get_lock(db, "slot:returns", 5, &v);
    if (v == 0)
        return;
    reserve_slots(db, "returns", 10);
    slot_release(db, "slot:returns");
}

void slot_cold(MYSQL *db)
{
    long v;

    slot_get_lock(db, "slot:cold", 5, &v);
    if (v > 0) {
        reserve_slots(db, "cold", 8);
        slot_release(db, "slot:cold");
    }
}

void slot_bulk(MYSQL *db)
{
    if (slot_lock_state(db, "slot:bulk", 5)) {
        reserve_slots(db, "bulk", 100);
        slot_release(db, "slot:bulk");
    }
}

void slot_hazmat(MYSQL *db)
{
    if (slot_lock_state(db, "slot:hazmat", 5) == 1) {
        reserve_slots(db, "hazmat", 4);
        slot_release(db, "slot:hazmat");
    }
}

void slot_pick(MYSQL *db)
{
    if (slot_lock_state(db, "slot:pick", 5) < 0)
        return;
    reserve_slots(db, "pick", 20);
    slot_release(db, "slot:pick");
}

int slot_cross(MYSQL *db)
{
    int i, held = 0;

    for (i = 0; i < 3 && !held; i++)
        held = slot_lock_state(db, "slot:cross", 2) == 1;
    if (!held)
        return -1;
    if (reserve_slots(db, "cross", 12) != 0)
        return -1;
    return slot_release(db, "slot:cross") ? 0 : -1;
}

void slot_overflow(MYSQL *db)
{
    while (slot_lock_state(db, "slot:overflow", 1) != 1)
        sleep(1);
    reserve_slots(db, "overflow", 60);
    slot_release(db, "slot:overflow");
}
