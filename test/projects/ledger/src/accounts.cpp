// Closing an account locks the user, then each open order: the reverse.
#include "lock_client.h"
void CloseAccount(LockClient &locks, const std::string &userId, const std::string &orderId,
                  const std::string &token) {
  if (locks.Acquire("lock:user:" + userId, token, 30000)) {
    if (locks.Acquire("lock:order:" + orderId, token, 30000)) {
      locks.Release("lock:order:" + orderId, token);
    }
    locks.Release("lock:user:" + userId, token);
  }
}
