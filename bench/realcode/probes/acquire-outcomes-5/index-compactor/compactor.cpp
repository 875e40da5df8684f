#include "compactor.hpp"
#include "zk_lease.hpp"

#include <chrono>
#include <thread>

namespace compactor {

namespace {
const std::string kRoot = "/index/compaction";
std::string segPath(const std::string &segment) { return kRoot + "/seg-" + segment; }
std::string tierPath(int tier) { return kRoot + "/tier-" + std::to_string(tier); }
} // namespace

bool compactSegment(zhandle_t *zh, const std::string &segment)
{
    if (auto lease = tryLease(zh, segPath(segment))) {
        const bool ok = mergeSegment(segment);
        releaseLease(zh, *lease);
        return ok;
    }
    return false;
}

bool compactAll(zhandle_t *zh)
{
    const std::string path = kRoot + "/all";
    const int rc = createLeaseRaw(zh, path);
    if (rc != ZNODEEXISTS) {
        const bool ok = mergeAllSegments();
        releaseLease(zh, path);
        return ok;
    }
    logNote("full compaction already running elsewhere");
    return false;
}

bool compactUntilDone(zhandle_t *zh, const std::string &segment)
{
    const std::optional<std::string> lease = tryLease(zh, segPath(segment));
    if (!lease.has_value()) {
        std::this_thread::sleep_for(std::chrono::seconds(2));
        return compactUntilDone(zh, segment);
    }
    const bool ok = mergeSegment(segment);
    releaseLease(zh, *lease);
    return ok;
}

bool compactTier(zhandle_t *zh, int tier)
{
    const auto lease = tryLease(zh, tierPath(tier));
    if (!lease) return false;

    if (!manifestValid(tier)) {
        logNote("tier " + std::to_string(tier) + " manifest invalid, skipping");
        return false;
    }
    const bool ok = rewriteTier(tier);
    releaseLease(zh, *lease);
    return ok;
}

bool compactTierWith(zhandle_t *zh, int tier)
{
    bool ok = false;
    withLease(
        zh, tierPath(tier),
        [&] { ok = manifestValid(tier) && rewriteTier(tier); },
        [&](int rc) {
            logNote("tier lease not granted, zoo_create rc=" + std::to_string(rc));
        });
    return ok;
}

} // namespace compactor
