#pragma once

#include <string>

#include <hiredis/hiredis.h>

class ReportLock {
public:
    ReportLock(redisContext *ctx, std::string key, unsigned ttlSec);
    ~ReportLock();

    ReportLock(const ReportLock &) = delete;
    ReportLock &operator=(const ReportLock &) = delete;

    void acquire();
    // Rollup holds the key until it finishes; it can run for hours.
    void acquireUntilReleased();
    void release();

    bool isHeld() const { return held_; }

private:
    redisContext *ctx_;
    std::string key_;
    std::string owner_;
    unsigned ttlSec_;
    bool held_ = false;
};
