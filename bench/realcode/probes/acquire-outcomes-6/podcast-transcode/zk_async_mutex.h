#pragma once

#include <zookeeper/zookeeper.h>
#include <functional>
#include <string>

namespace transcode {

using LockDone = std::function<void(bool held, const std::string &node)>;

// Ephemeral-sequential ZooKeeper lock driven by completions and watches.
// lock() returns at once; done(held, node) runs on the completion thread.
class ZkAsyncMutex {
 public:
  ZkAsyncMutex(zhandle_t *zh, std::string dir) : zh_(zh), dir_(std::move(dir)) {}

  void lock(LockDone done);
  void unlock(const std::string &node);
  zhandle_t *handle() const { return zh_; }
  const std::string &dir() const { return dir_; }

 private:
  zhandle_t *zh_;
  std::string dir_;
};

}  // namespace transcode
