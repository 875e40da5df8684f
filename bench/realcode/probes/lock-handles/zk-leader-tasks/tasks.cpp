#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "locks.hpp"
#include "zk_client.hpp"

// provided by the schema/compaction modules
bool compactPartition(int partition);
bool pushSchema(const std::string& schema);
void drainNode(const std::string& host);

namespace coord {

using namespace std::chrono_literals;

void runCompaction(ZkClient& zk, const std::string& host, int partitions) {
    SequentialLock lock(zk, "/locks/compaction", host);
    if (!lock.lock(30s)) {
        std::fprintf(stderr, "compaction: another node is compacting\n");
        return;
    }
    for (int p = 0; p < partitions; ++p) {
        if (!zk.sessionValid()) {
            std::fprintf(stderr, "compaction: lost zk session, stopping at partition %d\n", p);
            break;
        }
        compactPartition(p);
    }
    lock.unlock();
}

bool publishSchema(ZkClient& zk, const std::string& host, const std::string& schema) {
    EphemeralLock lock(zk, "/locks/schema-publish", host);
    if (!lock.tryLock()) return false;

    if (schema.empty()) {
        std::fprintf(stderr, "schema: refusing to publish an empty schema\n");
        return false;
    }
    bool ok = pushSchema(schema);
    lock.unlock();
    return ok;
}

bool enterMaintenance(ZkClient& zk, const std::string& host) {
    const std::string path = "/locks/maintenance";
    if (zk.create(path, host, 0, nullptr) != ZOK) return false;

    drainNode(host);

    struct Stat st;
    std::string owner;
    if (zk.get(path, &owner, &st) == ZOK && owner == host) {
        zk.remove(path, st.version);
    }
    return true;
}

}  // namespace coord
