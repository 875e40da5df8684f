#include "zk_client.hpp"

#include <cstdio>
#include <stdexcept>

namespace coord {

void ZkClient::sessionWatcher(zhandle_t* /*zh*/, int type, int state, const char* /*path*/, void* ctx) {
    auto* self = static_cast<ZkClient*>(ctx);
    if (type != ZOO_SESSION_EVENT || self == nullptr) return;

    if (state == ZOO_CONNECTED_STATE) {
        self->connected_ = true;
    } else if (state == ZOO_EXPIRED_SESSION_STATE) {
        std::fprintf(stderr, "zk: session expired, ephemeral nodes are gone\n");
        self->expired_ = true;
        self->connected_ = false;
    } else {
        self->connected_ = false;
    }
}

ZkClient::ZkClient(const std::string& hosts, int sessionTimeoutMs) {
    zh_ = zookeeper_init(hosts.c_str(), &ZkClient::sessionWatcher, sessionTimeoutMs, nullptr, this, 0);
    if (zh_ == nullptr) throw std::runtime_error("zookeeper_init failed for " + hosts);
}

ZkClient::~ZkClient() {
    if (zh_ != nullptr) zookeeper_close(zh_);
}

int ZkClient::create(const std::string& path, const std::string& data, int flags, std::string* createdPath) {
    char buf[512];
    int rc = zoo_create(zh_, path.c_str(), data.data(), static_cast<int>(data.size()), &ZOO_OPEN_ACL_UNSAFE, flags,
                        buf, sizeof(buf));
    if (rc == ZOK && createdPath != nullptr) *createdPath = buf;
    return rc;
}

int ZkClient::remove(const std::string& path, int version) {
    return zoo_delete(zh_, path.c_str(), version);
}

int ZkClient::exists(const std::string& path, struct Stat* stat, watcher_fn watcher, void* ctx) {
    if (watcher != nullptr) return zoo_wexists(zh_, path.c_str(), watcher, ctx, stat);
    return zoo_exists(zh_, path.c_str(), 0, stat);
}

int ZkClient::get(const std::string& path, std::string* data, struct Stat* stat) {
    char buf[1024];
    int len = sizeof(buf);
    int rc = zoo_get(zh_, path.c_str(), 0, buf, &len, stat);
    if (rc == ZOK && data != nullptr) data->assign(buf, len > 0 ? static_cast<size_t>(len) : 0);
    return rc;
}

int ZkClient::getChildren(const std::string& path, std::vector<std::string>* children) {
    struct String_vector sv = {0, nullptr};
    int rc = zoo_get_children(zh_, path.c_str(), 0, &sv);
    if (rc == ZOK && children != nullptr) {
        children->assign(sv.data, sv.data + sv.count);
    }
    deallocate_String_vector(&sv);
    return rc;
}

}  // namespace coord
