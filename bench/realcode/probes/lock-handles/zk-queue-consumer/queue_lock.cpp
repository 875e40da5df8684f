#include "queue_lock.h"

#include <chrono>
#include <thread>

namespace queue {

QueueLock::QueueLock(zk::Session& session, const std::string& queue, std::string owner)
    : session_(session), path_("/queues/" + queue + "/consumer"), owner_(std::move(owner)) {}

bool QueueLock::Acquire() {
  return session_.Create(path_, owner_, ZOO_EPHEMERAL, nullptr) == ZOK;
}

void QueueLock::AcquireBlocking() {
  while (session_.Create(path_, owner_, ZOO_EPHEMERAL, nullptr) != ZOK) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

void QueueLock::Release() {
  session_.Remove(path_, -1);
}

}  // namespace queue
