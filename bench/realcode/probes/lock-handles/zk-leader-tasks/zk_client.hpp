#pragma once

#include <atomic>
#include <string>
#include <vector>

#include <zookeeper/zookeeper.h>

namespace coord {

// Thin RAII wrapper over the ZooKeeper mt client.  Return codes are the raw
// ZOK / ZNONODE / ... values so callers can branch on them.
class ZkClient {
public:
    ZkClient(const std::string& hosts, int sessionTimeoutMs);
    ~ZkClient();

    ZkClient(const ZkClient&) = delete;
    ZkClient& operator=(const ZkClient&) = delete;

    int create(const std::string& path, const std::string& data, int flags, std::string* createdPath);
    int remove(const std::string& path, int version);
    int exists(const std::string& path, struct Stat* stat, watcher_fn watcher = nullptr, void* ctx = nullptr);
    int get(const std::string& path, std::string* data, struct Stat* stat);
    int getChildren(const std::string& path, std::vector<std::string>* children);

    bool connected() const { return connected_.load(); }
    bool sessionValid() const { return !expired_.load() && connected_.load(); }

private:
    static void sessionWatcher(zhandle_t* zh, int type, int state, const char* path, void* ctx);

    zhandle_t* zh_ = nullptr;
    std::atomic<bool> connected_{false};
    std::atomic<bool> expired_{false};
};

}  // namespace coord
