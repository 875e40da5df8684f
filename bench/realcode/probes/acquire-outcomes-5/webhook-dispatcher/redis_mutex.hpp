#ifndef HOOK_REDIS_MUTEX_HPP
#define HOOK_REDIS_MUTEX_HPP

#include <hiredis/hiredis.h>

#include <string>
#include <utility>

namespace hook {

// One SET NX PX attempt.
//   {true,  token}  - lock taken, `token` identifies this holder
//   {false, "busy"} - key exists (held by someone else)
//   {false, text}   - anything else; `text` describes the failure
std::pair<bool, std::string> rmTrySet(redisContext *c, const std::string &key, long ttlMs);

// Compare-and-delete.  True when our token was still present.
bool rmDropIfOwner(redisContext *c, const std::string &key, const std::string &token);

}  // namespace hook

#endif
