#ifndef QUEUE_QUEUE_LOCK_H_
#define QUEUE_QUEUE_LOCK_H_

#include <string>

#include "zk_session.h"

namespace queue {

// Exactly one consumer per queue: the holder of /queues/<name>/consumer.
class QueueLock {
 public:
  QueueLock(zk::Session& session, const std::string& queue, std::string owner);

  bool Acquire();
  void AcquireBlocking();
  void Release();

 private:
  zk::Session& session_;
  std::string path_;
  std::string owner_;
};

}  // namespace queue

#endif  // QUEUE_QUEUE_LOCK_H_
