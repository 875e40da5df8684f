#pragma once
#include <zookeeper/zookeeper.h>
#include <string>

namespace registry {

// A lock held as an ephemeral ZooKeeper node.
class NodeLock {
public:
  explicit NodeLock(zhandle_t *zh) : zh_(zh) {}
  bool tryAcquire(const std::string &path);
  // The leader's lock, under a name of its own.
  bool tryLead();
  void release(const std::string &path);

private:
  zhandle_t *zh_;
};

// Writes a node's data, whatever its version.
int setNodeData(zhandle_t *zh, const std::string &path, const std::string &data);
// Writes a node's data only if it is still at \p version.
int replaceNodeData(zhandle_t *zh, const std::string &path, const std::string &data, int version);

} // namespace registry
