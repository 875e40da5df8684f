#pragma once

#include <string>
#include <vector>

#include <zookeeper/zookeeper.h>

namespace coord {

// Status codes are ZooKeeper's; results come back through out-parameters.
class ZkClient {
public:
  explicit ZkClient(zhandle_t *handle) : handle_(handle) {}
  int create(const std::string &path, const std::string &data, int flags, std::string *made);
  int remove(const std::string &path, int version);
  int children(const std::string &path, std::vector<std::string> *names);

private:
  zhandle_t *handle_;
};

} // namespace coord
