// cron_main.cpp -- the tick handlers of the cron daemon.
#include "zk_leader.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <thread>

namespace cron {
namespace {

void runJobs(const char* bucket) { std::printf("running %s jobs\n", bucket); }

struct AsyncTick {
    ZkLeader* leader;
    const char* bucket;
    std::atomic<int> lastRc{-1};
};

}  // namespace

void onHourly(zhandle_t* zh) {
    ZkLeader leader(zh, "hourly");
    int rc = leader.tryLead();
    if (rc == ZNODEEXISTS) {
        return;
    }
    runJobs("hourly");
    leader.resign();
}

void onDaily(zhandle_t* zh) {
    ZkLeader leader(zh, "daily");
    if (leader.tryLead() != ZOK) {
        return;
    }
    runJobs("daily");
    leader.resign();
}

// Weekly/minutely ticks fire from the event thread and must not block it.
void onWeekly(zhandle_t* zh, AsyncTick* tick) {
    static ZkLeader leader(zh, "weekly");
    tick->leader = &leader;
    tick->bucket = "weekly";
    leader.tryLeadAsync(
        [](int rc, const char* value, const void* data) {
            auto* t = static_cast<AsyncTick*>(const_cast<void*>(data));
            if (rc != ZOK) return;
            t->leader->adopt(value);
            runJobs(t->bucket);
            t->leader->resign();
        },
        tick);
}

void onMinutely(zhandle_t* zh, AsyncTick* tick) {
    static ZkLeader leader(zh, "minutely");
    tick->leader = &leader;
    tick->bucket = "minutely";
    leader.tryLeadAsync(
        [](int rc, const char* value, const void* data) {
            auto* t = static_cast<AsyncTick*>(const_cast<void*>(data));
            t->lastRc = rc;
            runJobs(t->bucket);
            if (rc == ZOK) {
                t->leader->adopt(value);
                t->leader->resign();
            }
        },
        tick);
}

// Monthly billing export: block until we are the leader.
void onMonthly(zhandle_t* zh) {
    ZkLeader leader(zh, "monthly");
    while (leader.tryLead() != ZOK) {
        ::sleep(5);
    }
    runJobs("monthly");
    leader.resign();
}

// Quarter-end: try for up to a minute, then give up and page.
bool onQuarterly(zhandle_t* zh) {
    ZkLeader leader(zh, "quarterly");
    const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    int rc = leader.tryLead();
    while (rc == ZNODEEXISTS && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::seconds(2));
        rc = leader.tryLead();
    }
    if (rc != ZOK) return false;
    runJobs("quarterly");
    leader.resign();
    return true;
}

}  // namespace cron
