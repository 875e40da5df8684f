// Operator tool to replay webhook deliveries for a time window.
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include "zk_leader_lock.h"

namespace hooks {

struct ReplayOptions {
    std::string from;
    std::string to;
    std::chrono::seconds waitBudget{30};
    std::chrono::milliseconds poll{500};
};

extern int replayDeliveries(const std::string &from, const std::string &to);

// Replays are serialized among operators: a sequential node under
// /webhooks/replay, lowest sequence wins.  The node data records the window
// so `zkCli ls` shows who is replaying what.
int acquireReplaySlot(zhandle_t *zh, const ReplayOptions &opts, std::string *nodeOut, bool *held) {
    const std::string desc = opts.from + ".." + opts.to;
    char created[256];
    *held = false;
    int rc = zoo_create(zh, "/webhooks/replay/lock-", desc.data(), static_cast<int>(desc.size()), &ZOO_OPEN_ACL_UNSAFE, ZOO_SEQUENCE, created, sizeof created);
    if (rc != ZOK) return rc;
    *nodeOut = created;

    String_vector kids{};
    rc = zoo_get_children(zh, "/webhooks/replay", 0, &kids);
    if (rc != ZOK) return rc;
    const char *mine = std::strrchr(created, '/') + 1;
    bool lowest = true;
    for (int i = 0; i < kids.count; ++i) {
        if (std::strcmp(kids.data[i], mine) < 0) lowest = false;
    }
    deallocate_String_vector(&kids);
    *held = lowest;
    return ZOK;
}

void releaseReplaySlot(zhandle_t *zh, const std::string &node) {
    Stat st{};
    if (zoo_exists(zh, node.c_str(), 0, &st) == ZOK) {
        zoo_delete(zh, node.c_str(), st.version);
    }
}

int runReplay(ZkLeaderLock &lock, zhandle_t *zh, const ReplayOptions &opts) {
    std::string slot;
    bool mine = false;
    if (acquireReplaySlot(zh, opts, &slot, &mine) != ZOK || !mine) {
        std::cerr << "replay: another operator is replaying\n";
        if (!slot.empty()) releaseReplaySlot(zh, slot);
        return 2;
    }

    const auto deadline = std::chrono::steady_clock::now() + opts.waitBudget;
    bool leader = false;
    while (std::chrono::steady_clock::now() < deadline) {
        if (lock.acquire()) {
            leader = true;
            break;
        }
        std::this_thread::sleep_for(opts.poll);
    }
    if (!leader) {
        std::cerr << "replay: dispatcher leadership busy for " << opts.waitBudget.count() << "s\n";
        releaseReplaySlot(zh, slot);
        return 1;
    }
    const int n = replayDeliveries(opts.from, opts.to);
    lock.release();
    releaseReplaySlot(zh, slot);
    std::cerr << "replayed " << n << " deliveries\n";
    return 0;
}

int runLegacyReplay(ZkLeaderLock &lock, const ReplayOptions &opts) {
    const std::string path = "/webhooks/replay-leader";
    if (!lock.claimFixed(path)) {
        std::cerr << "legacy replay already running\n";
        return 1;
    }
    const int n = replayDeliveries(opts.from, opts.to);
    lock.releaseFixed(path);
    return n < 0 ? 2 : 0;
}

}  // namespace hooks
