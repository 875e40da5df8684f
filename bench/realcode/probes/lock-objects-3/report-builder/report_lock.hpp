#ifndef REPORT_LOCK_HPP
#define REPORT_LOCK_HPP

#include <hiredis/hiredis.h>
#include <string>

namespace reports {

// Redis lock for one report. Call init() before anything else.
class ReportLock {
public:
    ReportLock() = default;
    ReportLock(const ReportLock&) = delete;
    ReportLock& operator=(const ReportLock&) = delete;

    bool init(redisContext* c, const std::string& report, int ttlMs);

    // Single attempt, no waiting.
    bool tryLock() { return tryLockFor(0); }

    // Keeps trying for waitMs milliseconds; a negative waitMs waits until the
    // lock becomes free.
    bool tryLockFor(int waitMs);

    void unlock();

    bool isLocked() const { return locked_; }
    const std::string& key() const { return key_; }

private:
    bool attemptOnce();

    redisContext* c_ = nullptr;
    std::string key_;
    std::string token_;
    int ttlMs_ = 0;
    bool locked_ = false;
};

}  // namespace reports

#endif
