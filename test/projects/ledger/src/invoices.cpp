// Invoicing locks the order, then the invoice: no unit takes them the other
// way round.
#include "lock_client.h"
void Invoice(LockClient &locks, const std::string &orderId, const std::string &token) {
  if (!locks.Acquire("lock:order:" + orderId, token, 30000))
    return;
  if (locks.Acquire("lock:invoice:" + orderId, token, 30000))
    locks.Release("lock:invoice:" + orderId, token);
  locks.Release("lock:order:" + orderId, token);
}
