#ifndef SESSION_STORE_H
#define SESSION_STORE_H

struct session_store;

/* Deletes up to `limit` expired sessions in the shard; returns how many. */
int sessions_expire_batch(struct session_store *s, const char *shard, int limit);
int tokens_expire_all(struct session_store *s, const char *shard);
int sessions_rebalance(struct session_store *s, const char *shard);

#endif
