#pragma once
/*
 * ExportLock -- one Redis lease per export job.
 *
 * The object remembers whether the last acquisition attempt succeeded;
 * ask isHeld()/owns() after acquire().  tryLock() and lockWithin() return
 * the same flag directly.
 */
#include <hiredis/hiredis.h>

#include <chrono>
#include <string>

namespace exporter {

class ExportLock {
public:
    ExportLock(redisContext *ctx, std::string name, std::chrono::milliseconds ttl);
    ~ExportLock();

    ExportLock(const ExportLock &) = delete;
    ExportLock &operator=(const ExportLock &) = delete;

    void acquire();
    bool tryLock();
    bool lockWithin(std::chrono::milliseconds budget);

    bool isHeld() const { return held_; }
    bool owns() const { return held_; }

    void extend();
    void unlock();

private:
    redisContext *ctx_;
    std::string key_;
    std::string token_;
    std::chrono::milliseconds ttl_;
    bool held_ = false;
};

}  // namespace exporter
