#include "store.h"

namespace feed {

std::string latestPrices();
std::string holderId();

// The publisher takes the feed's lock and writes the prices under it with
// nothing that fences a holder whose lock expired.
void publish(Store &store) {
  std::string holder = holderId();
  if (!store.takeIfAbsent("lock:prices", holder, 5000))
    return;
  store.put("prices:latest", latestPrices());
  store.drop("lock:prices");
}

// A method that sends two different commands is read as both: the write
// under the lock is as unfenced as the publisher's.
void warmCache(Store &store) {
  std::string holder = holderId();
  if (!store.takeIfAbsent("lock:cache", holder, 5000))
    return;
  store.putWithExpiry("cache:prices", latestPrices(), 60);
  store.drop("lock:cache");
}

} // namespace feed
