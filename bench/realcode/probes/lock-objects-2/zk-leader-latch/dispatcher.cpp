// dispatcher.cpp -- the elected leader hands queued jobs to workers.
#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>

#include "leader_latch.hpp"

namespace dispatch {

using namespace std::chrono_literals;

static bool dispatchNextJob()
{
    // Pops a job from the queue table and assigns it; trimmed.
    std::this_thread::sleep_for(100ms);
    return true;
}

int runDispatcher(LeaderLatch &latch, const std::atomic<bool> &running)
{
    if (!latch.awaitLeadership(30s)) {
        std::clog << "dispatcher: standing by, another member leads\n";
        return 0;
    }
    int dispatched = 0;
    while (running.load() && latch.isLeader()) {
        if (dispatchNextJob())
            ++dispatched;
    }
    latch.resign();
    std::clog << "dispatcher: stepped down after " << dispatched << " jobs\n";
    return dispatched;
}

} // namespace dispatch
