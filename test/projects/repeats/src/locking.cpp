#include "locking.h"

bool lockNamed(KvClient &kv, const std::string &name, const std::string &owner) {
  return kv.putIfAbsent("mutex:" + name, owner);
}

void unlockNamed(KvClient &kv, const std::string &name) { kv.erase("mutex:" + name); }
