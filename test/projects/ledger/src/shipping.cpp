// Shipping locks the order, then its buyer.
#include "lock_client.h"
void ShipOrder(LockClient &locks, const std::string &orderId, const std::string &userId,
               const std::string &token) {
  if (!locks.Acquire("lock:order:" + orderId, token, 30000))
    return;
  if (locks.Acquire("lock:user:" + userId, token, 30000)) {
    locks.Release("lock:user:" + userId, token);
  }
  locks.Release("lock:order:" + orderId, token);
}
