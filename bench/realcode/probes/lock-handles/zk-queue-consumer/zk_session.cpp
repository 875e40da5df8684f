#include "zk_session.h"

#include <cstdio>
#include <stdexcept>

namespace zk {

Session::Session(const std::string& hosts, int timeout_ms) {
  handle_ = zookeeper_init(hosts.c_str(), &Session::OnEvent, timeout_ms, nullptr, this, 0);
  if (handle_ == nullptr) throw std::runtime_error("zk: cannot create handle");
}

Session::~Session() {
  if (handle_ != nullptr) zookeeper_close(handle_);
}

void Session::OnEvent(zhandle_t* /*zh*/, int type, int /*state*/, const char* path, void* ctx) {
  auto* self = static_cast<Session*>(ctx);
  if (type == ZOO_CHILD_EVENT && self->on_children_ && path != nullptr) {
    self->on_children_(path);
  }
  // Connection state changes are left to the client library's reconnect logic.
}

int Session::Create(const std::string& path, const std::string& data, int flags, std::string* out_path) {
  char created[256];
  const int rc = zoo_create(handle_, path.c_str(), data.c_str(), static_cast<int>(data.size()),
                            &ZOO_OPEN_ACL_UNSAFE, flags, created, sizeof(created));
  if (rc == ZOK && out_path != nullptr) *out_path = created;
  return rc;
}

int Session::Remove(const std::string& path, int version) {
  return zoo_delete(handle_, path.c_str(), version);
}

int Session::Exists(const std::string& path, struct Stat* stat) {
  return zoo_exists(handle_, path.c_str(), 0, stat);
}

int Session::GetChildren(const std::string& path, std::vector<std::string>* out, bool watch) {
  String_vector names{0, nullptr};
  const int rc = zoo_get_children(handle_, path.c_str(), watch ? 1 : 0, &names);
  if (rc == ZOK) {
    out->clear();
    for (int i = 0; i < names.count; ++i) out->emplace_back(names.data[i]);
  }
  deallocate_String_vector(&names);
  return rc;
}

}  // namespace zk
