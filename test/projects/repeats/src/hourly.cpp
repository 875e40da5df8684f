#include "locking.h"

std::string ownerId();
void compact();

void hourly(KvClient &kv) {
  if (!lockNamed(kv, "compaction", ownerId()))
    return;
  compact();
  unlockNamed(kv, "compaction");
}
