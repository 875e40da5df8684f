#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

#include "zk_client.hpp"

namespace coord {

// Classic ephemeral-sequential recipe: lowest sequence number owns the lock,
// everyone else watches the node just ahead of them.
class SequentialLock {
public:
    SequentialLock(ZkClient& zk, std::string dir, std::string ownerId);
    ~SequentialLock();

    bool lock(std::chrono::milliseconds timeout);
    void unlock();
    bool held() const { return held_; }

private:
    static void predecessorGone(zhandle_t* zh, int type, int state, const char* path, void* ctx);

    ZkClient& zk_;
    std::string dir_;
    std::string ownerId_;
    std::string myNode_;
    bool held_ = false;

    std::mutex mu_;
    std::condition_variable cv_;
    bool changed_ = false;
};

// Single fixed-path ephemeral node; whoever creates it first wins.
class EphemeralLock {
public:
    EphemeralLock(ZkClient& zk, std::string path, std::string owner)
        : zk_(zk), path_(std::move(path)), owner_(std::move(owner)) {}

    bool tryLock();
    void unlock();

private:
    ZkClient& zk_;
    std::string path_;
    std::string owner_;
};

}  // namespace coord
