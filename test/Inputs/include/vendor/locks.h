// A third-party header (included as a system header in tests) whose macro
// expands to a Redis call: findings inside it are not the user's to fix.
#include <hiredis/hiredis.h>
#define VENDOR_TAKE_LOCK(ctx, key) redisCommand(ctx, "SET %s 1", key)
inline void vendorRelease(redisContext *c) { redisCommand(c, "DEL lock:vendor"); }
