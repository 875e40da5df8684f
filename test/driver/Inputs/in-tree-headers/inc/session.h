// Input for in-tree-headers.test: a helper over the wrapper.
#pragma once
#include "store.h"
// Nothing here names a lock or a client: it calls what store.h declares.
inline void putSession(Store *store, const char *name, const char *value) {
  storeSet(store, name, value);
}
