#include "zk_guard.hpp"

#include <zookeeper/zookeeper.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>

namespace reports {
int run_nightly(zhandle_t* zh, const std::string& day);
int run_archive(zhandle_t* zh, int keep_days);
}  // namespace reports

namespace {

std::mutex g_mu;
std::condition_variable g_cv;
bool g_up = false;

void on_session(zhandle_t*, int type, int state, const char*, void*) {
    if (type == ZOO_SESSION_EVENT && state == ZOO_CONNECTED_STATE) {
        std::lock_guard<std::mutex> lk(g_mu);
        g_up = true;
        g_cv.notify_all();
    }
}

}  // namespace

int main(int argc, char** argv) {
    const char* hosts = argc > 1 ? argv[1] : "zk-0:2181,zk-1:2181,zk-2:2181";
    std::string mode = argc > 2 ? argv[2] : "nightly";
    std::string day = argc > 3 ? argv[3] : "";

    zoo_set_debug_level(ZOO_LOG_LEVEL_WARN);
    zhandle_t* zh = zookeeper_init(hosts, on_session, 30000, nullptr, nullptr, 0);
    if (zh == nullptr) return 1;
    {
        std::unique_lock<std::mutex> lk(g_mu);
        if (!g_cv.wait_for(lk, std::chrono::seconds(15), [] { return g_up; })) {
            zookeeper_close(zh);
            return 1;
        }
    }

    int rc = mode == "archive" ? reports::run_archive(zh, 30) : reports::run_nightly(zh, day);
    zookeeper_close(zh);
    return rc;
}
