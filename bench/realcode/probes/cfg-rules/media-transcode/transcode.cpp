#include <chrono>
#include <string>

#include "job_mutex.h"

bool probeSource(const std::string &job);
bool encodeRenditions(const std::string &job);

using clock_type = std::chrono::steady_clock;

bool transcodeJob(etcdv3::Client &c, const std::string &job) {
  JobMutex m(c, job);
  if (!m.lock(clock_type::now() + std::chrono::seconds(30))) {
    return false;
  }
  JobMutexGuard guard(m);
  return probeSource(job) && encodeRenditions(job);
}

bool transcodeUrgent(etcdv3::Client &c, const std::string &job) {
  JobMutex m(c, job);
  if (!m.lock(clock_type::time_point::max())) {
    return false;
  }
  JobMutexGuard guard(m);
  return encodeRenditions(job);
}

bool transcodePreview(etcdv3::Client &c, const std::string &job) {
  JobMutex m(c, job);
  if (!m.lock(clock_type::now() + std::chrono::seconds(5))) {
    return false;
  }
  if (!probeSource(job)) {
    return false;
  }
  bool ok = encodeRenditions(job);
  return m.unlock() && ok;
}
