#pragma once
#include "redis_store.h"
#include <string>

namespace reports {

// The lock layer: the service's names for taking and giving back a lock.
bool acquire(RedisStore &store, const std::string &name, const std::string &holder);
void release(RedisStore &store, const std::string &name);

} // namespace reports
