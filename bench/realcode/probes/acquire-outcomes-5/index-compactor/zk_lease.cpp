#include "zk_lease.hpp"

#include <unistd.h>

namespace compactor {

static std::string ownerTag() {
    char host[64] = {0};
    gethostname(host, sizeof host - 1);
    return std::string(host) + ":" + std::to_string(::getpid());
}

int createLeaseRaw(zhandle_t *zh, const std::string &path) {
    const std::string tag = ownerTag();
    return zoo_create(zh, path.c_str(), tag.data(), static_cast<int>(tag.size()),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
}

std::optional<std::string> tryLease(zhandle_t *zh, const std::string &path) {
    if (createLeaseRaw(zh, path) == ZOK) {
        return path;
    }
    return std::nullopt;
}

void releaseLease(zhandle_t *zh, const std::string &path) {
    struct Stat st;
    if (zoo_exists(zh, path.c_str(), 0, &st) != ZOK) return;
    const clientid_t *me = zoo_client_id(zh);
    if (me == nullptr || st.ephemeralOwner != me->client_id) return;
    zoo_delete(zh, path.c_str(), st.version);
}

void withLease(zhandle_t *zh, const std::string &path,
               const std::function<void()> &body,
               const std::function<void(int)> &onDenied) {
    const int rc = createLeaseRaw(zh, path);
    if (rc != ZOK) {
        onDenied(rc);
        return;
    }
    try {
        body();
    } catch (...) {
        releaseLease(zh, path);
        throw;
    }
    releaseLease(zh, path);
}

} // namespace compactor
