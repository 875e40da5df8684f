// Input for in-tree-headers.test: a job that locks through two headers.
#include "session.h"
void takeJob(Store *store, const char *token) {
  putSession(store, "lock:job", token);
}
