#pragma once

#include <zookeeper/zookeeper.h>

#include <chrono>
#include <string>
#include <utility>

namespace ledger {

// Try-lock over the ZooKeeper ephemeral-sequential recipe. The pair is
// {held, node}; node is our lock node while held and empty otherwise.
class ZkMutex {
 public:
  ZkMutex(zhandle_t *zh, std::string root) : zh_(zh), root_(std::move(root)) {}

  std::pair<bool, std::string> tryAcquire(const std::string &name);
  std::pair<bool, std::string> acquireFor(const std::string &name,
                                          std::chrono::milliseconds budget);
  std::string acquire(const std::string &name);
  void release(const std::string &node);

 private:
  zhandle_t *zh_;
  std::string root_;
};

}  // namespace ledger
