#ifndef FLAGS_KV_H
#define FLAGS_KV_H

#include <hiredis/hiredis.h>

/* SET key val NX PX ttl_ms: 1 set, 0 already present, -1 error. */
int kv_set_nx_px(redisContext *c, const char *key, const char *val, int ttl_ms);

/* DEL key only if its value is val: 1 deleted, 0 not ours, -1 error. */
int kv_del_if(redisContext *c, const char *key, const char *val);

/* SET data_key data_val only while lock_key == owner: 1 written, 0 refused, -1 error. */
int kv_set_if_owner(redisContext *c, const char *lock_key, const char *owner,
                    const char *data_key, const char *data_val);

#endif
