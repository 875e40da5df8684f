#ifndef REPORTS_TOKEN_LOCK_H
#define REPORTS_TOKEN_LOCK_H

#include <string>

struct redisContext;

namespace reports {

// Try once to take `name`. Returns the owner token on success and an empty
// string if the lock is held elsewhere or Redis could not be reached.
std::string acquire_token(redisContext* c, const std::string& name, int ttl_sec);

// Pushes the expiry out by ttl_sec if we still own the lock.
// Returns false when the lock has been lost.
bool refresh_token(redisContext* c, const std::string& name,
                   const std::string& token, int ttl_sec);

// Deletes the lock only when it still carries `token`.
void release_token(redisContext* c, const std::string& name, const std::string& token);

}  // namespace reports

#endif
