#include "locking.h"

namespace reports {

void buildMonthlyReport();
std::string newToken();

// Every replica writes the same holder value, and the release deletes the
// key whoever holds it now.
void runMonthly(RedisStore &store) {
  if (!acquire(store, "lock:report:monthly", "replica"))
    return;
  buildMonthlyReport();
  release(store, "lock:report:monthly");
}

// A token of its own: no constant value; the release is still unchecked.
void runDaily(RedisStore &store) {
  std::string token = newToken();
  if (!acquire(store, "lock:report:daily", token))
    return;
  buildMonthlyReport();
  release(store, "lock:report:daily");
}

} // namespace reports
