#include "locking.h"

namespace reports {

bool acquire(RedisStore &store, const std::string &name, const std::string &holder) {
  return store.putIfAbsent(name, holder, 30000);
}

void release(RedisStore &store, const std::string &name) { store.erase(name); }

} // namespace reports
