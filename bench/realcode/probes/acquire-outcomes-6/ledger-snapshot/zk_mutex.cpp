#include "zk_mutex.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace ledger {

std::pair<bool, std::string> ZkMutex::tryAcquire(const std::string &name) {
  const std::string dir = root_ + "/" + name;
  const std::string prefix = dir + "/m-";
  char created[512];
  int rc = zoo_create(zh_, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                      ZOO_EPHEMERAL_SEQUENTIAL, created, sizeof created);
  if (rc != ZOK) return {false, std::string()};

  const std::string node(created);
  String_vector kids{};
  rc = zoo_get_children(zh_, dir.c_str(), 0, &kids);
  if (rc != ZOK) {
    zoo_delete(zh_, node.c_str(), -1);
    return {false, std::string()};
  }
  std::vector<std::string> names(kids.data, kids.data + kids.count);
  deallocate_String_vector(&kids);
  std::sort(names.begin(), names.end());

  const bool lowest = !names.empty() && dir + "/" + names.front() == node;
  if (!lowest) {
    zoo_delete(zh_, node.c_str(), -1);
    return {false, std::string()};
  }
  return {true, node};
}

std::pair<bool, std::string> ZkMutex::acquireFor(const std::string &name,
                                                 std::chrono::milliseconds budget) {
  const auto deadline = std::chrono::steady_clock::now() + budget;
  while (std::chrono::steady_clock::now() < deadline) {
    auto grant = tryAcquire(name);
    if (grant.first) return grant;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  return {false, std::string()};
}

std::string ZkMutex::acquire(const std::string &name) {
  for (;;) {
    auto [held, node] = tryAcquire(name);
    if (held) return node;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
}

void ZkMutex::release(const std::string &node) {
  struct Stat st;
  if (zoo_exists(zh_, node.c_str(), 0, &st) == ZOK)
    zoo_delete(zh_, node.c_str(), st.version);
}

}  // namespace ledger
