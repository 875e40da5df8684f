#include "store.h"

namespace ledger {

std::string newToken();
std::string closingBalance();

// Through the base interface: the lock, an unfenced write under it and a
// release that deletes whoever holds the key.
void closeDay(KeyValueStore &store) {
  std::string token = newToken();
  if (!store.putIfAbsent("lock:ledger:close", token, 30000))
    return;
  store.put("ledger:balance", closingBalance());
  store.remove("lock:ledger:close");
}

// Through the derived interface, with a command text of the caller's own.
void reopenDay(CachingStore &store) {
  store.command("SET lock:ledger:reopen %s", newToken().c_str());
}

} // namespace ledger
