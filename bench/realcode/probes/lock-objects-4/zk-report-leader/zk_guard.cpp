#include "zk_guard.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include <unistd.h>

namespace reports {

int ensure_dir(zhandle_t* zh, const char* path) {
    int rc = zoo_create(zh, path, nullptr, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
    return rc == ZNODEEXISTS ? ZOK : rc;
}

ZkMutexGuard::ZkMutexGuard(zhandle_t* zh, std::string dir, const char* owner)
    : zh_(zh), dir_(std::move(dir)) {
    if (owner != nullptr)
        data_ = owner;
    else
        data_ = "pid-" + std::to_string(static_cast<long>(getpid()));

    char created[512];
    std::string prefix = dir_ + "/lock-";
    int rc = zoo_create(zh_, prefix.c_str(), data_.data(), static_cast<int>(data_.size()), &ZOO_OPEN_ACL_UNSAFE,
                        ZOO_EPHEMERAL_SEQUENTIAL, created, sizeof created);
    if (rc != ZOK) {
        std::fprintf(stderr, "zk lock %s: %s\n", dir_.c_str(), zerror(rc));
        return;
    }
    node_ = created;

    while (true) {
        std::string pred;
        if (first_in_line(&pred)) {
            held_ = true;
            return;
        }
        if (pred.empty()) return;  // listing failed or our node is gone

        {
            std::lock_guard<std::mutex> lk(mu_);
            changed_ = false;
        }
        struct Stat st;
        std::string pred_path = dir_ + "/" + pred;
        rc = zoo_wexists(zh_, pred_path.c_str(), &ZkMutexGuard::on_predecessor, this, &st);
        if (rc == ZNONODE) continue;
        if (rc != ZOK) return;

        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return changed_; });
    }
}

ZkMutexGuard::~ZkMutexGuard() {
    if (node_.empty()) return;
    struct Stat st;
    if (zoo_exists(zh_, node_.c_str(), 0, &st) == ZOK)
        zoo_delete(zh_, node_.c_str(), st.version);
}

void ZkMutexGuard::on_predecessor(zhandle_t*, int, int, const char*, void* ctx) {
    auto* self = static_cast<ZkMutexGuard*>(ctx);
    std::lock_guard<std::mutex> lk(self->mu_);
    self->changed_ = true;
    self->cv_.notify_all();
}

bool ZkMutexGuard::first_in_line(std::string* predecessor) {
    struct String_vector kids;
    if (zoo_get_children(zh_, dir_.c_str(), 0, &kids) != ZOK) return false;
    std::vector<std::string> names(kids.data, kids.data + kids.count);
    deallocate_String_vector(&kids);

    std::sort(names.begin(), names.end());
    std::string mine = node_.substr(dir_.size() + 1);
    auto it = std::find(names.begin(), names.end(), mine);
    if (it == names.end()) return false;
    if (it == names.begin()) return true;
    *predecessor = *(it - 1);
    return false;
}

}  // namespace reports
