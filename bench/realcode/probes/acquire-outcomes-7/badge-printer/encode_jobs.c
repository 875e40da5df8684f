#include "badge_lock.h"

#include <stddef.h>

#define TTL_MS 15000
#define SHEET_BLOCKS 16

/* Long encodes: the encoder lease is renewed after every chip block. */
void encode_sheet(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_script(c, "lock:encoder", owner, TTL_MS);
    int held = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;

    if (r) freeReplyObject(r);
    if (!held)
        return;
    for (int block = 0; block < SHEET_BLOCKS; block++) {
        encode_chip_block(id, block);
        badge_lock_extend(c, "lock:encoder", owner, TTL_MS);
    }
    badge_unlock(c, "lock:encoder", owner);
}

int encode_sheet_checked(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_script(c, "lock:encoder", owner, TTL_MS);
    int held = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;

    if (r) freeReplyObject(r);
    for (int block = 0; held && block < SHEET_BLOCKS; block++) {
        encode_chip_block(id, block);
        held = badge_lock_extend(c, "lock:encoder", owner, TTL_MS);
    }
    return held && badge_unlock(c, "lock:encoder", owner) ? 0 : -1;
}

int encode_sheet_resume(redisContext *c, const char *owner, const char *id,
                        int from)
{
    redisReply *r = badge_lock_script(c, "lock:encoder", owner, TTL_MS);
    int held = r != NULL && r->integer != 0;
    int block;

    if (r) freeReplyObject(r);
    if (!held)
        return -1;
    for (block = from; block < SHEET_BLOCKS; block++) {
        if (!badge_lock_extend(c, "lock:encoder", owner, TTL_MS))
            return -1;
        encode_chip_block(id, block);
    }
    return badge_unlock(c, "lock:encoder", owner) ? 0 : -1;
}
