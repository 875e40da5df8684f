#pragma once
#include <zookeeper/zookeeper.h>
#include <string>

namespace feed {

// Holds an ephemeral ZooKeeper node for its life; held() says whether the
// create succeeded.
class NodeGuard {
public:
  NodeGuard(zhandle_t *zh, const std::string &name);
  ~NodeGuard();
  bool held() const { return held_; }

private:
  zhandle_t *zh_;
  std::string path_;
  bool held_ = false;
};

} // namespace feed
