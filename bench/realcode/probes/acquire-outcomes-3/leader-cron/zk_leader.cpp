#include "zk_leader.hpp"

#include <unistd.h>

#include <cstdio>
#include <vector>

namespace cron {

ZkLeader::ZkLeader(zhandle_t* zh, const std::string& job)
    : zh_(zh), path_("/cron/leaders/" + job) {
    char host[128] = {};
    ::gethostname(host, sizeof(host) - 1);
    hostId_ = std::string(host) + "/" + std::to_string(::getpid());
}

int ZkLeader::tryLead() {
    std::vector<char> buf(path_.size() + 32);
    int rc = zoo_create(zh_, path_.c_str(), hostId_.data(), static_cast<int>(hostId_.size()),
                        &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, buf.data(),
                        static_cast<int>(buf.size()));
    if (rc == ZOK) created_.assign(buf.data());
    return rc;
}

int ZkLeader::tryLeadAsync(string_completion_t cb, const void* data) {
    return zoo_acreate(zh_, path_.c_str(), hostId_.data(), static_cast<int>(hostId_.size()),
                       &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, cb, data);
}

void ZkLeader::resign() {
    if (created_.empty()) return;
    struct Stat st;
    if (zoo_exists(zh_, created_.c_str(), 0, &st) == ZOK) {
        int rc = zoo_delete(zh_, created_.c_str(), st.version);
        if (rc != ZOK && rc != ZNONODE)
            std::fprintf(stderr, "resign %s: %s\n", created_.c_str(), zerror(rc));
    }
    created_.clear();
}

}  // namespace cron
