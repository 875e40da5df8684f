#include "zk_leader_lock.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <vector>

namespace hooks {

ZkLeaderLock::ZkLeaderLock(zhandle_t *zh, std::string electionDir, std::string identity)
    : zh_(zh), dir_(std::move(electionDir)), identity_(std::move(identity)) {}

std::optional<std::string> ZkLeaderLock::acquire() {
    char created[512];
    const std::string prefix = dir_ + "/n_";
    int rc = zoo_create(zh_, prefix.c_str(), identity_.data(), static_cast<int>(identity_.size()), &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created);
    if (rc != ZOK) {
        std::cerr << "election create: " << zerror(rc) << '\n';
        return std::nullopt;
    }
    node_ = created;

    String_vector kids{};
    rc = zoo_get_children(zh_, dir_.c_str(), 0, &kids);
    if (rc != ZOK) {
        std::cerr << "election children: " << zerror(rc) << '\n';
        release();
        return std::nullopt;
    }
    std::vector<std::string> names(kids.data, kids.data + kids.count);
    deallocate_String_vector(&kids);
    std::sort(names.begin(), names.end());

    const std::string mine = node_.substr(node_.rfind('/') + 1);
    if (names.empty() || names.front() != mine) {
        release();
        return std::nullopt;
    }
    held_.store(true);
    return node_;
}

void ZkLeaderLock::release() {
    if (node_.empty()) return;
    Stat st{};
    int rc = zoo_exists(zh_, node_.c_str(), 0, &st);
    if (rc == ZOK) {
        rc = zoo_delete(zh_, node_.c_str(), st.version);
    }
    if (rc != ZOK && rc != ZNONODE) {
        std::cerr << "election release " << node_ << ": " << zerror(rc) << '\n';
    }
    node_.clear();
    held_.store(false);
}

bool ZkLeaderLock::claimFixed(const std::string &path) {
    int rc = zoo_create(zh_, path.c_str(), identity_.data(), static_cast<int>(identity_.size()), &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
    if (rc == ZNODEEXISTS) return false;
    if (rc != ZOK) {
        std::cerr << "claim " << path << ": " << zerror(rc) << '\n';
        return false;
    }
    held_.store(true);
    return true;
}

void ZkLeaderLock::releaseFixed(const std::string &path) {
    const int rc = zoo_delete(zh_, path.c_str(), -1);
    if (rc != ZOK && rc != ZNONODE) {
        std::cerr << "release " << path << ": " << zerror(rc) << '\n';
    }
    held_.store(false);
}

void leaderSessionWatcher(zhandle_t *, int type, int state, const char *, void *ctx) {
    if (type != ZOO_SESSION_EVENT) return;
    if (state == ZOO_EXPIRED_SESSION_STATE) {
        std::cerr << "zookeeper session expired; dropping leadership\n";
        static_cast<ZkLeaderLock *>(ctx)->onSessionExpired();
    }
}

}  // namespace hooks
