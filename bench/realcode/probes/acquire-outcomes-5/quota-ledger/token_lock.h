#ifndef QUOTA_TOKEN_LOCK_H
#define QUOTA_TOKEN_LOCK_H

#include <hiredis/hiredis.h>

#include <chrono>
#include <string>

namespace quota
{

/// Tries once to take `lockKey`.  Returns the holder token on success and an
/// empty string when the key is taken or Redis could not be reached.
std::string acquireToken(redisContext* c, const std::string& lockKey,
                         std::chrono::milliseconds ttl);

/// Compare-and-delete; true if our token was still there.
bool releaseToken(redisContext* c, const std::string& lockKey,
                  const std::string& token);

/// INCRBY on `dataKey`, executed only while `lockKey` still holds `token`.
/// Returns false if the lease was lost (nothing written).
bool fencedIncrBy(redisContext* c, const std::string& lockKey,
                  const std::string& token, const std::string& dataKey,
                  long long delta);

}  // namespace quota

#endif
