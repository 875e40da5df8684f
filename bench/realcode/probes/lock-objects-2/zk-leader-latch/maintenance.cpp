// maintenance.cpp -- leader-only housekeeping loop.
#include <chrono>
#include <iostream>

#include "leader_latch.hpp"

namespace dispatch {

using namespace std::chrono_literals;

static void purgeFinishedJobs() { std::clog << "purging finished jobs\n"; }
static void requeueStuckJobs() { std::clog << "requeueing stuck jobs\n"; }

void runMaintenance(LeaderLatch &latch)
{
    while (!latch.awaitLeadership(5s)) {
        std::clog << "maintenance: not leader yet, retrying\n";
    }
    purgeFinishedJobs();
    if (latch.isLeader())
        requeueStuckJobs();
    latch.resign();
}

} // namespace dispatch
