#include "zk_client.h"

namespace sched {

ZkClient::~ZkClient() {
  if (zh_ != nullptr) zookeeper_close(zh_);
}

int ZkClient::Connect(const std::string& hosts, int session_timeout_ms) {
  zh_ = zookeeper_init(hosts.c_str(), nullptr, session_timeout_ms, nullptr,
                       nullptr, 0);
  return zh_ == nullptr ? ZCONNECTIONLOSS : ZOK;
}

int ZkClient::Create(const std::string& path, const std::string& value,
                     int mode, std::string* created_path) {
  char buf[512];
  int rc = zoo_create(zh_, path.c_str(), value.data(),
                      static_cast<int>(value.size()), &ZOO_OPEN_ACL_UNSAFE,
                      mode, buf, sizeof(buf));
  if (rc == ZOK && created_path != nullptr) *created_path = buf;
  return rc;
}

int ZkClient::Delete(const std::string& path, int version) {
  return zoo_delete(zh_, path.c_str(), version);
}

int ZkClient::Exists(const std::string& path, int* version) {
  struct Stat stat;
  int rc = zoo_exists(zh_, path.c_str(), 0, &stat);
  if (rc == ZOK && version != nullptr) *version = stat.version;
  return rc;
}

int ZkClient::GetChildren(const std::string& path,
                          std::vector<std::string>* children) {
  struct String_vector sv;
  int rc = zoo_get_children(zh_, path.c_str(), 0, &sv);
  if (rc != ZOK) return rc;
  children->clear();
  for (int i = 0; i < sv.count; ++i) children->emplace_back(sv.data[i]);
  deallocate_String_vector(&sv);
  return ZOK;
}

}  // namespace sched
