#include "zk_client.h"

namespace coord {

int ZkClient::create(const std::string &path, const std::string &data, int flags,
                     std::string *made) {
  char name[256];
  int rc = zoo_create(handle_, path.c_str(), data.data(), static_cast<int>(data.size()),
                      &ZOO_OPEN_ACL_UNSAFE, flags, name, sizeof name);
  if (rc == ZOK && made)
    *made = name;
  return rc;
}

int ZkClient::remove(const std::string &path, int version) {
  return zoo_delete(handle_, path.c_str(), version);
}

int ZkClient::children(const std::string &path, std::vector<std::string> *names) {
  String_vector found;
  int rc = zoo_get_children(handle_, path.c_str(), 0, &found);
  if (rc != ZOK)
    return rc;
  for (int i = 0; i < found.count; ++i)
    names->emplace_back(found.data[i]);
  deallocate_String_vector(&found);
  return ZOK;
}

} // namespace coord
