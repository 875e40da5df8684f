#ifndef INV_LOCK_H_
#define INV_LOCK_H_

#include <hiredis/hiredis.h>

#define INV_LOCK_KEY_MAX 128

struct inv_lock {
	redisContext *rc;
	char key[INV_LOCK_KEY_MAX];
	char token[33];
	int ttl_ms;
};

void inv_lock_init(struct inv_lock *l, redisContext *rc, const char *sku, int ttl_ms);

/* Raw EVAL of the acquire script; caller frees the reply.  The script
 * replies :1 when the key was set and :0 when somebody else holds it. */
redisReply *inv_lock_eval(struct inv_lock *l);

/* 1 = acquired, 0 = held elsewhere, -1 = transport / script error */
int inv_lock_acquire(struct inv_lock *l);

/* Deletes the key only if it still carries our token. */
int inv_lock_release(struct inv_lock *l);

#endif
