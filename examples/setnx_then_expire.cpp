// SETNX cannot set an expiry, so the TTL comes from a second command.
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>

std::string randomToken();
void sendInvoices();

// Broken: if the process dies between SETNX and EXPIRE, the lock never expires
// and no replica sends invoices again until someone deletes the key by hand.
void broken_sendInvoices(sw::redis::Redis &redis) {
  std::string token = randomToken();
  if (!redis.setnx("lock:invoices", token))
    return;
  redis.expire("lock:invoices", 300);
  sendInvoices();
}

// Fixed: one SET with NX and an expiry takes the lock atomically.
void fixed_sendInvoices(sw::redis::Redis &redis) {
  std::string token = randomToken();
  if (!redis.set("lock:invoices", token, std::chrono::minutes(5),
                 sw::redis::UpdateType::NOT_EXIST))
    return;
  sendInvoices();
}
