#include "shard_lock.hpp"

#include <cstring>

ZkAttempt ShardLock::enter() {
  ZkAttempt a;
  char path[512];
  const std::string prefix = dir_ + "/lock-";
  a.rc = zoo_create(zh_, prefix.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE,
                    ZOO_EPHEMERAL_SEQUENTIAL, path, sizeof path);
  if (a.rc != ZOK) return a;
  a.node = path;
  String_vector kids;
  a.rc = zoo_get_children(zh_, dir_.c_str(), 0, &kids);
  if (a.rc != ZOK) return a;
  const std::string mine = a.node.substr(a.node.rfind('/') + 1);
  a.lowest = true;
  for (int i = 0; i < kids.count; ++i)
    if (mine.compare(kids.data[i]) > 0) a.lowest = false;
  deallocate_String_vector(&kids);
  return a;
}

std::pair<bool, std::string> ShardLock::tryLock() {
  ZkAttempt a = enter();
  if (a.rc == ZOK && a.lowest) {
    node_ = a.node;
    return {true, node_};
  }
  if (!a.node.empty()) zoo_delete(zh_, a.node.c_str(), -1);
  return {false, std::string()};
}

bool ShardLock::unlock() {
  if (node_.empty()) return false;
  const int rc = zoo_delete(zh_, node_.c_str(), -1);
  node_.clear();
  return rc == ZOK;
}

bool ShardLock::sessionAlive() const {
  return zoo_state(zh_) == ZOO_CONNECTED_STATE;
}
