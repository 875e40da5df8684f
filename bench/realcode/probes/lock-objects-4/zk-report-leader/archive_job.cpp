#include "zk_guard.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace reports {

// Forgets day markers older than the newest `keep_days` so nightly re-renders can be purged.
int run_archive(zhandle_t* zh, int keep_days) {
    ZkMutexGuard lock(zh, "/reports/locks/nightly");

    struct String_vector days;
    if (zoo_get_children(zh, "/reports/days", 0, &days) != ZOK) return 1;
    std::vector<std::string> names(days.data, days.data + days.count);
    deallocate_String_vector(&days);

    std::sort(names.begin(), names.end());
    if (static_cast<int>(names.size()) <= keep_days) return 0;

    int removed = 0;
    for (size_t i = 0; i + keep_days < names.size(); ++i) {
        std::string path = "/reports/days/" + names[i];
        if (zoo_delete(zh, path.c_str(), -1) == ZOK) ++removed;
    }
    std::printf("archive: dropped %d day markers\n", removed);
    return 0;
}

}  // namespace reports
