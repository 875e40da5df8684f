#include "badge_lock.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define TTL_MS 15000

void print_visitor(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_set(c, "lock:printer:lobby", owner, TTL_MS);

    if (r == NULL || r->type == REDIS_REPLY_NIL) {
        if (r) freeReplyObject(r);
        return;
    }
    freeReplyObject(r);
    print_card("lobby", id);
    badge_unlock(c, "lock:printer:lobby", owner);
}

void print_staff(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_set(c, "lock:printer:hr", owner, TTL_MS);
    int held = r && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;

    if (r) freeReplyObject(r);
    if (!held)
        return;
    print_card("hr", id);
    badge_unlock(c, "lock:printer:hr", owner);
}

void print_contractor(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_set(c, "lock:printer:dock", owner, TTL_MS);

    if (r != NULL && r->type != REDIS_REPLY_ERROR) {
        print_card("dock", id);
        badge_unlock(c, "lock:printer:dock", owner);
    }
    if (r) freeReplyObject(r);
}

void print_vip(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_set(c, "lock:printer:exec", owner, TTL_MS);

    if (r == NULL)
        return;
    if (r->type == REDIS_REPLY_STATUS) {
        print_card("exec", id);
        badge_unlock(c, "lock:printer:exec", owner);
    }
    freeReplyObject(r);
}

void encode_batch(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_script(c, "lock:encoder", owner, TTL_MS);

    if (r && r->type == REDIS_REPLY_INTEGER) {
        encode_chip(id);
        badge_unlock(c, "lock:encoder", owner);
    }
    if (r) freeReplyObject(r);
}

int encode_reprint(redisContext *c, const char *owner, const char *id)
{
    int held = 0;
    int attempt;

    for (attempt = 0; attempt < 4 && !held; attempt++) {
        redisReply *r = badge_lock_script(c, "lock:encoder", owner, TTL_MS);

        held = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
        if (r) freeReplyObject(r);
        if (!held)
            usleep(250000);
    }
    if (!held)
        return -1;
    encode_chip(id);
    return badge_unlock(c, "lock:encoder", owner) ? 0 : -1;
}

void print_lanyard(redisContext *c, const char *owner, const char *id)
{
    redisReply *r = badge_lock_set(c, "lock:printer:lanyard", owner, TTL_MS);

    if (!r)
        return;
    freeReplyObject(r);
    print_card("lanyard", id);
    badge_unlock(c, "lock:printer:lanyard", owner);
}
