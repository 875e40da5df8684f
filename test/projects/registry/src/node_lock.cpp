#include "node_lock.h"

namespace registry {

bool NodeLock::tryAcquire(const std::string &path) {
  int rc = zoo_create(zh_, path.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  return rc == ZOK;
}

bool NodeLock::tryLead() {
  return zoo_create(zh_, "/registry/locks/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL,
                    nullptr, 0) == ZOK;
}

void NodeLock::release(const std::string &path) { zoo_delete(zh_, path.c_str(), -1); }

int setNodeData(zhandle_t *zh, const std::string &path, const std::string &data) {
  return zoo_set(zh, path.c_str(), data.data(), static_cast<int>(data.size()), -1);
}

int replaceNodeData(zhandle_t *zh, const std::string &path, const std::string &data, int version) {
  return zoo_set(zh, path.c_str(), data.data(), static_cast<int>(data.size()), version);
}

} // namespace registry
