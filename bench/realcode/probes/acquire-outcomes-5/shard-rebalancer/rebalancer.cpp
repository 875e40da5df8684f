#include "rebalancer.hpp"
#include "pg_advisory.hpp"

#include <chrono>
#include <iostream>
#include <stdexcept>
#include <thread>

namespace rebal {

namespace {
constexpr std::int64_t kTopologyKey = 7700;
std::int64_t shardKey(int shard) { return 7800 + shard; }
} // namespace

bool moveShard(PGconn *conn, int shard, const std::string &toNode) {
    const auto lk = tryAdvisory(conn, shardKey(shard));
    if (!lk.ok()) {
        std::cerr << "move " << shard << ": " << lk.error() << '\n';
        return false;
    }
    if (!lk.value()) return false;

    bool copied = false;
    try {
        copied = copyShard(conn, shard, toNode);
    } catch (...) {
        unlockAdvisory(conn, shardKey(shard));
        throw;
    }
    unlockAdvisory(conn, shardKey(shard));
    return copied;
}

bool splitShard(PGconn *conn, int shard) {
    auto lk = tryAdvisory(conn, shardKey(shard));
    if (lk.ok()) {
        const bool done = splitRange(conn, shard);
        unlockAdvisory(conn, shardKey(shard));
        return done;
    }
    std::cerr << "split " << shard << ": " << lk.error() << '\n';
    return false;
}

bool mergeShards(PGconn *conn, int a, int b) {
    auto first = tryAdvisory(conn, shardKey(a));
    if (!first.ok() || !first.value()) return false;

    const std::vector<int> plan = planMerge(conn, a, b);
    if (plan.empty()) {
        throw std::runtime_error("merge: nothing to merge between shards");
    }
    const bool merged = applyMerge(conn, plan);
    unlockAdvisory(conn, shardKey(a));
    return merged;
}

bool drainNode(PGconn *conn, const std::string &node) {
    const Expected<bool> lk = tryAdvisory(conn, kTopologyKey);
    if (lk.has_value() && *lk) {
        const bool ok = evacuate(conn, node);
        unlockAdvisory(conn, kTopologyKey);
        return ok;
    }
    return false;
}

void waitForTopologyLock(PGconn *conn) {
    for (;;) {
        auto lk = tryAdvisory(conn, kTopologyKey);
        if (lk.ok() && lk.value()) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
}

void releaseTopologyLock(PGconn *conn) {
    unlockAdvisory(conn, kTopologyKey);
}

} // namespace rebal
