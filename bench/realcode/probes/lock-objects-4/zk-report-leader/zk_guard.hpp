#pragma once

#include <zookeeper/zookeeper.h>

#include <condition_variable>
#include <mutex>
#include <string>

namespace reports {

// Queue-style lock: an ephemeral sequential child of `dir`; the lowest child holds it.
// The constructor returns once this client is first in line (or on a ZooKeeper error).
class ZkMutexGuard {
public:
    // `owner` is stored as the node's data (default: pid-<pid>).
    ZkMutexGuard(zhandle_t* zh, std::string dir, const char* owner = nullptr);
    ~ZkMutexGuard();

    ZkMutexGuard(const ZkMutexGuard&) = delete;
    ZkMutexGuard& operator=(const ZkMutexGuard&) = delete;

    bool held() const { return held_; }
    const std::string& node() const { return node_; }

private:
    static void on_predecessor(zhandle_t* zh, int type, int state, const char* path, void* ctx);
    bool first_in_line(std::string* predecessor);

    zhandle_t* zh_;
    std::string dir_;
    std::string node_;
    std::string data_;
    bool held_ = false;

    std::mutex mu_;
    std::condition_variable cv_;
    bool changed_ = false;
};

// Creates a persistent directory node if missing.
int ensure_dir(zhandle_t* zh, const char* path);

}  // namespace reports
