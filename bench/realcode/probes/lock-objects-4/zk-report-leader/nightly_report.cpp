#include "zk_guard.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace reports {
namespace {

std::vector<std::string> partitions_for(const std::string& day) {
    if (day.empty()) return {};
    return {"eu-west", "us-east", "us-west", "apac"};
}

bool render_partition(const std::string& day, const std::string& part) {
    std::string file = "report-" + day + "-" + part + ".csv";
    std::FILE* f = std::fopen(file.c_str(), "w");
    if (f == nullptr) return false;
    std::fprintf(f, "day,partition,rows\n%s,%s,0\n", day.c_str(), part.c_str());
    return std::fclose(f) == 0;
}

}  // namespace

int run_nightly(zhandle_t* zh, const std::string& day) {
    ensure_dir(zh, "/reports");
    ensure_dir(zh, "/reports/locks");
    ensure_dir(zh, "/reports/locks/nightly");
    ensure_dir(zh, "/reports/days");

    ZkMutexGuard lock(zh, "/reports/locks/nightly", "nightly");
    if (!lock.held()) {
        std::fprintf(stderr, "nightly: lock not taken\n");
        return 1;
    }

    std::vector<std::string> parts = partitions_for(day);
    if (parts.empty()) return 0;

    for (const std::string& p : parts) {
        if (zoo_state(zh) != ZOO_CONNECTED_STATE)
            std::fprintf(stderr, "nightly: zk state %d, carrying on with %s\n", zoo_state(zh), p.c_str());
        if (!render_partition(day, p)) return 2;
    }

    std::string marker = "/reports/days/" + day;
    int rc = zoo_create(zh, marker.c_str(), "done", 4, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT,
                        nullptr, 0);
    return (rc == ZOK || rc == ZNODEEXISTS) ? 0 : 3;
}

}  // namespace reports
