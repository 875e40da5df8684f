#include "refill_worker.h"

#include <algorithm>
#include <iostream>
#include <thread>

namespace quota {

bool RefillWorker::refillBucket(const std::string &bucket) {
    if (auto lease = lease_.acquire(bucket)) {
        bool ok = false;
        if (auto state = store_.load(bucket)) {
            state->tokens = std::min(state->capacity, state->tokens + state->refillPerTick);
            ok = store_.save(*state);
        }
        lease_.release(*lease);
        return ok;
    }
    return false;  // another gateway is refilling this bucket
}

int RefillWorker::rebalanceAll() {
    LeaseToken lease = lease_.acquire("__rebalance__").value_or(LeaseToken{});

    int touched = 0;
    auto last = std::chrono::steady_clock::now();
    for (const auto &id : store_.buckets()) {
        auto state = store_.load(id);
        if (!state) continue;
        state->tokens = std::min(state->tokens, state->capacity);
        if (store_.save(*state)) ++touched;

        if (!lease.value.empty() && std::chrono::steady_clock::now() - last > lease_.config().renewEvery) {
            lease_.renew(lease);
            last = std::chrono::steady_clock::now();
        }
    }
    if (!lease.value.empty()) {
        lease_.release(lease);
    }
    std::cerr << "rebalance touched " << touched << " buckets\n";
    return touched;
}

bool RefillWorker::drainBucket(const std::string &bucket) {
    auto lease = lease_.acquire(bucket);
    if (!lease.has_value()) {
        std::cerr << "drain " << bucket << ": no lease\n";
    }

    auto state = store_.load(bucket);
    bool ok = false;
    if (state) {
        state->tokens = 0;
        ok = store_.save(*state);
    }
    if (lease) {
        lease_.release(*lease);
    }
    return ok;
}

bool RefillWorker::resetBucket(const std::string &bucket, std::int64_t capacity) {
    auto lease = lease_.acquire(bucket);
    if (!lease) {
        return false;
    }
    auto state = store_.load(bucket);
    if (!state) {
        std::cerr << "reset " << bucket << ": unknown bucket\n";
        return false;
    }
    state->capacity = capacity;
    state->tokens = capacity;
    const bool ok = store_.save(*state);
    lease_.release(*lease);
    return ok;
}

std::optional<LeaseToken> RefillWorker::waitForLease(const std::string &bucket) {
    const auto deadline = std::chrono::steady_clock::now() + lease_.config().waitBudget;
    auto backoff = std::chrono::milliseconds(25);
    while (std::chrono::steady_clock::now() < deadline) {
        if (auto lease = lease_.acquire(bucket)) {
            return lease;
        }
        std::this_thread::sleep_for(backoff);
        backoff = std::min(backoff * 2, std::chrono::milliseconds(400));
    }
    std::cerr << "lease " << bucket << " still busy after wait budget\n";
    return std::nullopt;
}

}  // namespace quota
