#include "node_guard.h"

namespace feed {

NodeGuard::NodeGuard(zhandle_t *zh, const std::string &name)
    : zh_(zh), path_("/feed/locks/" + name) {
  int rc = zoo_create(zh_, path_.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  held_ = rc == ZOK;
}

NodeGuard::~NodeGuard() {
  if (!held_)
    return;
  struct Stat st;
  if (zoo_exists(zh_, path_.c_str(), 0, &st) == ZOK)
    zoo_delete(zh_, path_.c_str(), st.version);
}

} // namespace feed
