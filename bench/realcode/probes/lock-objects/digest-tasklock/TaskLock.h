#pragma once

#include <string>

#include <hiredis/hiredis.h>

class TaskLock {
public:
    static const int kDefaultTtlSec = 120;

    explicit TaskLock(redisContext* ctx) : ctx_(ctx) {}
    void init(const std::string& task) { key_ = "task-lock:" + task; }

    bool tryLock() { return acquire(0, kDefaultTtlSec); }
    bool tryLockFor(int waitMs) { return acquire(waitMs, kDefaultTtlSec); }
    void unlock() { releaseImpl(); }

    const std::string& key() const { return key_; }

private:
    bool acquire(int waitMs, int ttlSec);
    bool setOnce(int ttlSec);
    void releaseImpl();

    redisContext* ctx_;
    std::string key_;
};
