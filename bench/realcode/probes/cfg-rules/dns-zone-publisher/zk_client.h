// Exception-throwing C++ facade over the ZooKeeper C client.
#pragma once

#include <stdexcept>
#include <string>
#include <zookeeper/zookeeper.h>

struct ZkError : std::runtime_error {
  ZkError(const std::string &what, int rc) : std::runtime_error(what), rc(rc) {}
  int rc;
};
struct ZkNodeExists : ZkError {
  explicit ZkNodeExists(const std::string &p) : ZkError("exists: " + p, ZNODEEXISTS) {}
};
struct ZkConnectionLoss : ZkError {
  explicit ZkConnectionLoss(const std::string &p) : ZkError("connection loss: " + p, ZCONNECTIONLOSS) {}
};

class ZkClient {
public:
  explicit ZkClient(zhandle_t *zh) : zh_(zh) {}

  // Creates an ephemeral node; returns its version. Throws on any failure.
  int createEphemeral(const std::string &path, const std::string &data);
  // Creates or overwrites a persistent node holding configuration.
  void putPersistent(const std::string &path, const std::string &data);
  // Versioned delete; ZNONODE is not an error.
  void remove(const std::string &path, int version);
  zhandle_t *handle() const { return zh_; }

private:
  [[noreturn]] void fail(const std::string &path, int rc);
  zhandle_t *zh_;
};
