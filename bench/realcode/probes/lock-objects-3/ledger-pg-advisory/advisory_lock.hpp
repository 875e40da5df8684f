#pragma once

#include "pg_session.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace ledger {

// Session-level PostgreSQL advisory lock keyed by a 64-bit id.
class advisory_lock {
public:
    advisory_lock(pg_session& db, int64_t key);

    static int64_t key_for(const std::string& name);

    bool try_acquire();
    bool acquire_within(std::chrono::milliseconds wait);
    void release();

    // acquire (bounded), run fn, release
    bool run_locked(std::chrono::milliseconds wait, const std::function<void()>& fn);

    bool held() const { return held_; }
    int64_t key() const { return key_; }

private:
    pg_session& db_;
    int64_t key_;
    bool held_ = false;
};

}  // namespace ledger
