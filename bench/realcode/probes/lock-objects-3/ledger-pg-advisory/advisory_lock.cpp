#include "advisory_lock.hpp"

#include <cstdio>
#include <string>

namespace ledger {

advisory_lock::advisory_lock(pg_session& db, int64_t key) : db_(db), key_(key) {}

int64_t advisory_lock::key_for(const std::string& name) {
    // FNV-1a, folded into the signed bigint range postgres expects
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : name) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return static_cast<int64_t>(h & 0x7fffffffffffffffULL);
}

bool advisory_lock::try_acquire() {
    const std::string k = std::to_string(key_);
    const char* params[] = {k.c_str()};
    long got = db_.query_int("SELECT pg_try_advisory_lock($1::bigint)::int", 1, params);
    held_ = (got == 1);
    return held_;
}

bool advisory_lock::acquire_within(std::chrono::milliseconds wait) {
    // lock_timeout bounds the blocking pg_advisory_lock; SET LOCAL would need
    // a transaction, so set and reset it on the session.
    const std::string ms = std::to_string(wait.count());
    const std::string k = std::to_string(key_);
    const char* tmo[] = {ms.c_str()};
    if (!db_.exec("SELECT set_config('lock_timeout', $1 || 'ms', false)", 1, tmo)) return false;

    const char* params[] = {k.c_str()};
    long got = db_.query_int("SELECT 1 FROM (SELECT pg_advisory_lock($1::bigint)) s", 1, params);
    db_.exec("RESET lock_timeout");
    held_ = (got == 1);
    return held_;
}

void advisory_lock::release() {
    if (!held_) return;
    const std::string k = std::to_string(key_);
    const char* params[] = {k.c_str()};
    long ok = db_.query_int("SELECT pg_advisory_unlock($1::bigint)::int", 1, params);
    if (ok != 1) std::fprintf(stderr, "ledger: advisory unlock %lld was not held\n",
                              static_cast<long long>(key_));
    held_ = false;
}

bool advisory_lock::run_locked(std::chrono::milliseconds wait, const std::function<void()>& fn) {
    if (!acquire_within(wait)) return false;
    fn();
    release();
    return true;
}

}  // namespace ledger
