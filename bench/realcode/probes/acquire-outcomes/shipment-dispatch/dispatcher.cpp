#include <chrono>
#include <iostream>
#include <vector>

#include "carrier.hpp"
#include "lease.hpp"

namespace dispatch {

using namespace std::chrono_literals;

void dispatchWave(redisContext* rc, const std::string& wave,
                  const std::vector<carrier::Parcel>& parcels) {
    if (auto lease = tryLease(rc, "wave:" + wave, 45s)) {
        carrier::bookPickups(parcels);
        dropLease(rc, *lease);
    } else {
        std::clog << "wave " << wave << " already being dispatched\n";
    }
}

void reprintLabels(redisContext* rc, const std::string& wave,
                   const std::vector<carrier::Parcel>& parcels) {
    auto lease = tryLease(rc, "labels:" + wave, 20s);
    if (!lease.has_value()) {
        return;
    }
    carrier::printLabels(parcels);
    dropLease(rc, *lease);
}

void cancelWave(redisContext* rc, const std::string& wave) {
    auto lease = tryLease(rc, "wave:" + wave, 45s);
    if (lease.has_value()) {
        std::clog << "cancel " << wave << ": lease " << lease->value << '\n';
    }
    carrier::cancelPickups(wave);
    if (lease) dropLease(rc, *lease);
}

bool rebookWave(redisContext* rc, const std::string& wave,
                const std::vector<carrier::Parcel>& parcels) {
    const std::optional<LeaseToken> lease = tryLease(rc, "wave:" + wave, 45s);
    const bool mine = lease.has_value();
    std::clog << "rebook " << wave << (mine ? " (leader)" : " (skipped)") << '\n';
    if (!mine) return false;
    carrier::cancelPickups(wave);
    carrier::bookPickups(parcels);
    dropLease(rc, lease.value());
    return true;
}

}  // namespace dispatch
