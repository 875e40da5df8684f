#include "job_lock.h"
#include "redis_client.h"
#include <string>
#include <unistd.h>

namespace ledger {

long pendingInvoices();

// Waits for the lock as long as it takes.
void closeDay(const std::string &day) {
  JobLock lock("close:" + day);
  while (!lock.tryLock())
    sleep(1);
  redisReply *reply = nullptr;
  RedisClient::Instance()->Execute(&reply, "SET ledger:closed:%s 1", day.c_str());
  lock.release();
}

// Takes the lock without looking at the answer.
void chargeRenewals() {
  JobLock lock("renewals");
  lock.tryLock();
  redisReply *reply = nullptr;
  RedisClient::Instance()->Execute(&reply, "INCRBY ledger:renewals %d", 1);
  lock.release();
}

// Leaves on an empty batch without letting the lock go.
bool sendInvoices() {
  JobLock lock("invoices");
  if (!lock.tryLockFor(2000))
    return false;
  if (pendingInvoices() == 0)
    return true;
  lock.extend();
  lock.release();
  return true;
}

} // namespace ledger
