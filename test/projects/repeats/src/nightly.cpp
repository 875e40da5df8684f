#include "locking.h"

std::string ownerId();
void rollUp();

void nightly(KvClient &kv) {
  if (!lockNamed(kv, "rollup", ownerId()))
    return;
  rollUp();
  unlockNamed(kv, "rollup");
}
