// async_lock.hpp -- non-blocking Redis lease helpers for the cache warmer.
// Everything here runs on the warmer's event loop; answers arrive in callbacks.
#pragma once

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <functional>
#include <string>

namespace warm {

std::string makeToken();

// Continuation invoked exactly once with the outcome of SET NX PX.
//   held   - the key now stores `token`
//   failed - no usable answer (disconnect, error reply)
// held == false && failed == false means somebody else owns the key.
using LockDone = std::function<void(bool held, bool failed)>;

void asyncTryLock(redisAsyncContext *ac, const std::string &key,
                  const std::string &token, int ttlMs, LockDone done);

// Lower level: queues SET key token NX PX ttl with a raw hiredis callback.
// The return value only says whether the command could be queued.
int submitLockRaw(redisAsyncContext *ac, const char *key, const char *token,
                  int ttlMs, redisCallbackFn *fn, void *privdata);

void releaseAsync(redisAsyncContext *ac, const std::string &key,
                  const std::string &token);

void extendAsync(redisAsyncContext *ac, const std::string &key,
                 const std::string &token, int ttlMs);

} // namespace warm
