#ifndef SESSION_REAPER_H
#define SESSION_REAPER_H

#include "zk_seqlock.h"

/* Provided by the session store module. */
int   store_delete_expired(void);
int   store_purge_orphans(void);
void *store_collect_stats(void);
int   store_publish_stats(void *stats);

int reap_expired(zk_seqlock *l);
int reap_orphans(zk_seqlock *l);
int reap_blocking(zk_seqlock *l);
int reap_stats(zk_seqlock *l);

#endif
