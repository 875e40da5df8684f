#pragma once
#include <hiredis/hiredis.h>

namespace vault {

class TokenStore {
public:
  explicit TokenStore(redisContext *context) : context_(context) {}
  // Takes the lock named key for holder, for 30 seconds.
  bool claim(const char *key, const char *holder);

private:
  redisContext *context_;
};

TokenStore &sharedStore();

} // namespace vault
