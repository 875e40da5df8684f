#pragma once

#include <chrono>
#include <memory>
#include <string>

namespace farm {

// Cluster-wide mutual exclusion. tryLock() never blocks; how long to keep
// trying is the caller's decision.
class DistLock {
public:
    virtual ~DistLock() = default;

    virtual bool tryLock() = 0;
    virtual bool refresh() = 0;
    virtual void unlock() = 0;

    virtual const std::string& name() const = 0;
    virtual std::chrono::milliseconds ttl() const = 0;
};

using DistLockPtr = std::shared_ptr<DistLock>;

// lock_factory.cpp
DistLockPtr makeDistLock(const std::string& name, std::chrono::milliseconds ttl);

}  // namespace farm
