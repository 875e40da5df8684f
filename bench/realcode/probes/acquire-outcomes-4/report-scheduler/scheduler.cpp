#include "scheduler.h"

#include <chrono>
#include <cstdio>
#include <thread>

#include "report_lock.h"

void Scheduler::runDaily(const std::string &reportId) {
    ReportLock lock(redis_, "report:daily:" + reportId, 600);
    lock.acquire();
    if (!lock.isHeld()) {
        std::printf("daily report %s owned by another scheduler\n", reportId.c_str());
        return;
    }
    renderer_.render(reportId);
    renderer_.publish(reportId);
}

// Triggered from the UI; several schedulers receive the same request.
void Scheduler::runAdhoc(const std::string &reportId, const std::string &requester) {
    ReportLock lock(redis_, "report:adhoc:" + reportId, 120);
    lock.acquire();
    renderer_.render(reportId);
    renderer_.mailTo(reportId, requester);
}

void Scheduler::runRollup() {
    ReportLock lock(redis_, "report:rollup", 0);
    lock.acquireUntilReleased();
    if (!lock.isHeld())
        return;
    renderer_.rollup();
}

bool Scheduler::runMonthEnd() {
    ReportLock lock(redis_, "report:month-end", 1800);
    for (int attempt = 0; attempt < 6 && !lock.isHeld(); ++attempt) {
        lock.acquire();
        if (!lock.isHeld())
            std::this_thread::sleep_for(std::chrono::seconds(5));
    }
    if (!lock.isHeld())
        return false;
    renderer_.monthEnd();
    return true;
}
