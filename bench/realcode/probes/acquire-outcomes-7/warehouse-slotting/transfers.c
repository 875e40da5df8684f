#include "slot_lock.h"

int transfer_in_to_out(MYSQL *db)
{
    int rc = -1;

    if (slot_lock_state(db, "slot:inbound", 5) != 1)
        return -1;
    if (slot_lock_state(db, "slot:outbound", 5) == 1) {
        rc = move_pallets(db, "inbound", "outbound");
        slot_release(db, "slot:outbound");
    }
    slot_release(db, "slot:inbound");
    return rc;
}

int transfer_out_to_in(MYSQL *db)
{
    int rc = -1;

    if (slot_lock_state(db, "slot:outbound", 5) != 1)
        return -1;
    if (slot_lock_state(db, "slot:inbound", 5) == 1) {
        rc = move_pallets(db, "outbound", "inbound");
        slot_release(db, "slot:inbound");
    }
    slot_release(db, "slot:outbound");
    return rc;
}

int transfer_cold_to_bulk(MYSQL *db)
{
    long cold, bulk;
    int rc = -1;

    if (slot_get_lock(db, "slot:bulk", 5, &bulk) != 0 || bulk != 1)
        return -1;
    slot_get_lock(db, "slot:cold", 5, &cold);
    if (cold == 1)
        rc = move_pallets(db, "cold", "bulk");
    if (cold == 1)
        slot_release(db, "slot:cold");
    slot_release(db, "slot:bulk");
    return rc;
}
