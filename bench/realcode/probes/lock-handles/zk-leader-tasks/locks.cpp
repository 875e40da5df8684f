#include "locks.hpp"

#include <algorithm>
#include <vector>

namespace coord {

SequentialLock::SequentialLock(ZkClient& zk, std::string dir, std::string ownerId)
    : zk_(zk), dir_(std::move(dir)), ownerId_(std::move(ownerId)) {}

SequentialLock::~SequentialLock() {
    if (held_ || !myNode_.empty()) unlock();
}

void SequentialLock::predecessorGone(zhandle_t*, int, int, const char*, void* ctx) {
    auto* self = static_cast<SequentialLock*>(ctx);
    std::lock_guard<std::mutex> g(self->mu_);
    self->changed_ = true;
    self->cv_.notify_all();
}

bool SequentialLock::lock(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;

    if (myNode_.empty()) {
        int rc = zk_.create(dir_ + "/lock-", ownerId_, ZOO_EPHEMERAL_SEQUENTIAL, &myNode_);
        if (rc != ZOK) return false;
    }
    const std::string myName = myNode_.substr(dir_.size() + 1);

    while (std::chrono::steady_clock::now() < deadline) {
        std::vector<std::string> kids;
        if (zk_.getChildren(dir_, &kids) != ZOK) break;
        std::sort(kids.begin(), kids.end());

        auto me = std::find(kids.begin(), kids.end(), myName);
        if (me == kids.end()) break;  // our node vanished: session trouble
        if (me == kids.begin()) {
            held_ = true;
            return true;
        }

        const std::string prev = dir_ + "/" + *(me - 1);
        {
            std::unique_lock<std::mutex> lk(mu_);
            changed_ = false;
        }
        struct Stat st;
        if (zk_.exists(prev, &st, &SequentialLock::predecessorGone, this) == ZNONODE) continue;

        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait_until(lk, deadline, [this] { return changed_; });
    }

    unlock();
    return false;
}

void SequentialLock::unlock() {
    if (!myNode_.empty()) zk_.remove(myNode_, -1);
    myNode_.clear();
    held_ = false;
}

bool EphemeralLock::tryLock() {
    return zk_.create(path_, owner_, ZOO_EPHEMERAL, nullptr) == ZOK;
}

void EphemeralLock::unlock() {
    zk_.remove(path_, -1);
}

}  // namespace coord
