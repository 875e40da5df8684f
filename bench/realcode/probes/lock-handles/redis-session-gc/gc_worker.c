#include <stdio.h>
#include <string.h>

#include "gc.h"

void gc_worker_init(struct gc_worker *w, redisContext *rc, int batch)
{
	memset(w, 0, sizeof(*w));
	w->rc = rc;
	w->batch = batch;
	lockh_setup(&w->sessions_lock, "sessgc:lock:sessions", 120);
	lockh_setup(&w->tokens_lock, "sessgc:lock:tokens", 120);
}

int gc_run(struct gc_worker *w)
{
	long cursor = 0;
	int rc = 0;

	if (lockh_take_legacy(w->rc, &w->sessions_lock) != 1)
		return 0;

	do {
		cursor = session_store_expire_batch(w->rc, cursor, w->batch);
	} while (cursor > 0);

	/* tokens that belonged to the sessions we just expired */
	if (lockh_wait(w->rc, &w->tokens_lock, 5000) == 1) {
		rc = token_store_purge_orphans(w->rc);
		lockh_drop_safe(w->rc, &w->tokens_lock);
	}

	lockh_drop(w->rc, &w->sessions_lock);
	return rc;
}
