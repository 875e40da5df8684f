#ifndef SESSGC_GC_H
#define SESSGC_GC_H

#include <hiredis/hiredis.h>

#include "lockh.h"

/* session store library */
long session_store_expire_batch(redisContext *rc, long cursor, int batch);
int token_store_purge_orphans(redisContext *rc);
int oauth_refresh_all(redisContext *rc);
int apikeys_rotate(redisContext *rc);
int sessions_invalidate_for_rotated_keys(redisContext *rc);

struct gc_worker {
	redisContext *rc;
	struct lockh sessions_lock;
	struct lockh tokens_lock;
	int batch;
};

void gc_worker_init(struct gc_worker *w, redisContext *rc, int batch);
int gc_run(struct gc_worker *w);

int refresh_oauth_tokens(redisContext *rc);
int rotate_api_keys(redisContext *rc);

#endif
