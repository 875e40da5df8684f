#pragma once

#include <string>
#include <vector>

#include <zookeeper/zookeeper.h>

namespace sched {

// Thin RAII wrapper over the ZooKeeper C client. All methods return ZOO_ERRORS
// codes and report results through out-parameters.
class ZkClient {
 public:
  ZkClient() = default;
  ~ZkClient();

  int Connect(const std::string& hosts, int session_timeout_ms);
  int Create(const std::string& path, const std::string& value, int mode,
             std::string* created_path);
  int Delete(const std::string& path, int version);
  int Exists(const std::string& path, int* version);
  int GetChildren(const std::string& path, std::vector<std::string>* children);

 private:
  zhandle_t* zh_ = nullptr;
};

}  // namespace sched
