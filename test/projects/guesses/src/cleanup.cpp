#include "token_store.h"

void dropExpired();

void cleanUp() {
  auto &store = vault::sharedStore();
  if (!store.claim("lock:cleanup", "cleaner"))
    return;
  dropExpired();
}
