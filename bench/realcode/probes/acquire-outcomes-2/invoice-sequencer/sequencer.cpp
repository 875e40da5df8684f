#include "sequencer.h"

#include <algorithm>
#include <iostream>

namespace billing {

std::optional<InvoiceRange> InvoiceSequencer::allocateRange(const std::string& tenant,
                                                            std::int64_t count) {
    if (count <= 0 || count > cfg_.maxRange) {
        std::cerr << "[sequencer] rejecting range of " << count << " for " << tenant << "\n";
        return std::nullopt;
    }
    const std::string resource = "seq:" + tenant;
    const std::string token = lock_.tryAcquire(resource, cfg_.allocTtl);
    if (token.empty()) {
        return std::nullopt;  // caller retries with jitter
    }

    InvoiceRange range;
    range.first = store_.lastIssued(tenant) + 1;
    range.last = range.first + count - 1;
    const bool saved = store_.saveLastIssued(tenant, range.last);
    lock_.release(resource, token);

    if (!saved) {
        std::cerr << "[sequencer] could not persist counter for " << tenant << "\n";
        return std::nullopt;
    }
    return range;
}

bool InvoiceSequencer::closePeriod(const std::string& tenant, const std::string& period) {
    const std::string resource = "close:" + tenant;
    std::string token = lock_.tryAcquire(resource, cfg_.closeTtl);
    if (token.empty()) {
        std::cerr << "[sequencer] close " << tenant << "/" << period
                  << ": lock not obtained (held elsewhere or redis down)\n";
    }

    bool ok = true;
    for (const auto& batch : store_.openBatches(tenant, period)) {
        if (!store_.finalizeBatch(tenant, batch)) {
            std::cerr << "[sequencer] batch " << batch << " failed to finalize\n";
            ok = false;
        }
        lock_.extend(resource, cfg_.closeTtl);
    }
    ok = ok && store_.closePeriod(tenant, period);

    if (!token.empty()) {
        lock_.release(resource, token);
    }
    return ok;
}

int InvoiceSequencer::renumberDrafts(const std::string& tenant) {
    const std::string resource = "seq:" + tenant;
    const std::string token = lock_.tryAcquire(resource, cfg_.allocTtl);
    if (!token.empty()) {
        std::cerr << "[sequencer] renumber " << tenant << ": allocation in progress, retry later\n";
        return 0;
    }

    std::vector<std::int64_t> drafts = store_.drafts(tenant);
    std::sort(drafts.begin(), drafts.end());
    std::int64_t next = store_.lastIssued(tenant) + 1;
    int moved = 0;
    for (std::int64_t d : drafts) {
        if (store_.renumber(tenant, d, next)) {
            ++moved;
            ++next;
        }
    }
    store_.saveLastIssued(tenant, next - 1);
    lock_.release(resource, token);
    return moved;
}

bool InvoiceSequencer::voidInvoice(const std::string& tenant, std::int64_t number,
                                   const std::string& reason) {
    const std::string resource = "seq:" + tenant;
    const std::string token = lock_.tryAcquire(resource, cfg_.allocTtl);
    if (token.empty()) {
        return false;
    }
    if (!store_.exists(tenant, number)) {
        std::cerr << "[sequencer] void: " << tenant << "#" << number << " does not exist\n";
        return false;
    }
    const bool ok = store_.markVoid(tenant, number, reason);
    lock_.release(resource, token);
    return ok;
}

}  // namespace billing
