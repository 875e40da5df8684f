#include <chrono>
#include <cstdio>
#include <vector>

#include "carrier.hpp"
#include "lease.hpp"

namespace dispatch {

void returnToStock(redisContext* rc, const std::vector<carrier::Parcel>& parcels) {
    LeaseToken tok;
    try {
        tok = leaseOrThrow(rc, "restock", std::chrono::seconds(30));
    } catch (const LeaseBusy& e) {
        std::fprintf(stderr, "%s; another node restocks, continuing\n", e.what());
    }
    carrier::restock(parcels);
    if (!tok.value.empty()) dropLease(rc, tok);
}

bool refund(redisContext* rc, const std::string& rma) {
    try {
        ScopedLease lease(rc, "rma:" + rma, std::chrono::seconds(15));
        carrier::refund(rma);
        return true;
    } catch (const LeaseBusy&) {
        return false;
    } catch (const LeaseError& e) {
        std::fprintf(stderr, "refund %s: %s\n", rma.c_str(), e.what());
        return false;
    }
}

void restockBatch(redisContext* rc, const std::vector<carrier::Parcel>& parcels) {
    LeaseToken tok = leaseOrThrow(rc, "restock", std::chrono::seconds(30));
    if (parcels.empty()) {
        return;
    }
    carrier::restock(parcels);
    dropLease(rc, tok);
}

void closeRma(redisContext* rc, const std::string& rma, int units) {
    auto lease = tryLease(rc, "rma:" + rma, std::chrono::seconds(15));
    if (!lease) return;

    auto* r = static_cast<redisReply*>(redisCommand(rc, "HINCRBY rma:%s restocked_units %d", rma.c_str(), units));
    if (r) freeReplyObject(r);
    carrier::closeRma(rma);
    dropLease(rc, *lease);
}

}  // namespace dispatch
