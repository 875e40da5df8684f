#include <cstdio>
#include <string>
#include <vector>

#include "queue_lock.h"
#include "zk_session.h"

// message handler (separate module); acks by deleting the item itself
bool HandleMessage(zk::Session& session, const std::string& item_path);

namespace queue {

// Dedicated consumer process: owns the queue for its whole lifetime.
void RunConsumer(zk::Session& session, const std::string& queue_name, const std::string& me) {
  QueueLock lock(session, queue_name, me);
  lock.AcquireBlocking();

  const std::string items = "/queues/" + queue_name + "/items";
  std::vector<std::string> batch;
  for (;;) {
    if (session.GetChildren(items, &batch, false) != ZOK) continue;
    for (const auto& name : batch) HandleMessage(session, items + "/" + name);
  }
}

// Cron-driven variant used by low-traffic queues.
int DrainOnce(zk::Session& session, const std::string& queue_name, const std::string& me) {
  QueueLock lock(session, queue_name, me);
  if (!lock.Acquire()) return 0;

  const std::string items = "/queues/" + queue_name + "/items";
  std::vector<std::string> batch;
  if (session.GetChildren(items, &batch, false) != ZOK) {
    lock.Release();
    return -1;
  }
  if (batch.empty()) return 0;

  int handled = 0;
  for (const auto& name : batch) {
    if (HandleMessage(session, items + "/" + name)) ++handled;
  }
  lock.Release();
  return handled;
}

}  // namespace queue
