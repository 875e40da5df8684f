#pragma once
#include <zookeeper/zookeeper.h>
#include <string>

namespace registry {

// A lock held as an ephemeral ZooKeeper node.
class NodeLock {
public:
  explicit NodeLock(zhandle_t *zh) : zh_(zh) {}
  bool tryAcquire(const std::string &path);
  void release(const std::string &path);

private:
  zhandle_t *zh_;
};

// Writes a node's data, whatever its version.
int setNodeData(zhandle_t *zh, const std::string &path, const std::string &data);

} // namespace registry
