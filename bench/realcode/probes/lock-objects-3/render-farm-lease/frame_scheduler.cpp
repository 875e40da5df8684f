// Hands pending frames to idle render nodes. Several scheduler replicas run
// behind the farm's load balancer; the frame-assign lock keeps two of them
// from handing the same frame to two nodes.

#include "dist_lock.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace farm {

struct Frame {
    std::string job;
    int index = 0;
    std::string node;
};

// Thin wrapper over the render database (librenderdb).
class FrameQueue {
public:
    std::vector<Frame> pending(size_t limit);
    std::vector<Frame> stalled(int olderThanSec);
    std::vector<std::string> idleNodes();
    void assign(const Frame& f, const std::string& node);
    void requeue(const Frame& f);
};

class FrameScheduler {
public:
    FrameScheduler(FrameQueue& queue, size_t batch) : queue_(queue), batch_(batch) {}

    void assignPendingFrames();
    bool reclaimStalled(std::chrono::seconds budget);

private:
    FrameQueue& queue_;
    size_t batch_;
};

void FrameScheduler::assignPendingFrames() {
    DistLockPtr lock = makeDistLock("frame-assign", std::chrono::seconds(20));

    while (!lock->tryLock()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }

    std::vector<Frame> frames = queue_.pending(batch_);
    std::vector<std::string> nodes = queue_.idleNodes();

    size_t n = 0;
    for (const Frame& f : frames) {
        if (n >= nodes.size()) break;
        queue_.assign(f, nodes[n++]);
        if (n % 32 == 0 && !lock->refresh()) {
            std::fprintf(stderr, "scheduler: lost frame-assign lock after %zu frames\n", n);
            return;
        }
    }

    lock->unlock();
    std::printf("scheduler: assigned %zu of %zu frames\n", n, frames.size());
}

bool FrameScheduler::reclaimStalled(std::chrono::seconds budget) {
    auto lock = makeDistLock("frame-reclaim", std::chrono::seconds(15));
    const auto deadline = std::chrono::steady_clock::now() + budget;

    while (!lock->tryLock()) {
        if (std::chrono::steady_clock::now() >= deadline) {
            std::fprintf(stderr, "scheduler: reclaim skipped, lock busy\n");
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }

    for (const Frame& f : queue_.stalled(600)) {
        queue_.requeue(f);
    }
    lock->unlock();
    return true;
}

void runSchedulerLoop(FrameQueue& q) {
    FrameScheduler sched(q, 256);
    for (;;) {
        sched.assignPendingFrames();
        sched.reclaimStalled(std::chrono::seconds(2));
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
}

}  // namespace farm
