// A stand-in for redis-plus-plus's Redlock recipe (not packaged by Debian):
// the public signatures of RedMutex that locklint models, without bodies.
#ifndef LOCKLINT_TEST_STUB_REDISPLUSPLUS_REDLOCK_H
#define LOCKLINT_TEST_STUB_REDISPLUSPLUS_REDLOCK_H

#include <sw/redis++/redis++.h>
#include <chrono>
#include <exception>
#include <functional>
#include <string>

namespace sw {
namespace redis {

struct RedMutexOptions {
  std::chrono::milliseconds ttl = std::chrono::seconds(3);
  std::chrono::milliseconds retry_delay = std::chrono::milliseconds(100);
};

class RedMutex {
public:
  RedMutex(Redis &master, const std::string &resource,
           std::function<void(std::exception_ptr)> auto_extend_err_callback = nullptr,
           const RedMutexOptions &opts = {});

  RedMutex(const RedMutex &) = delete;
  RedMutex &operator=(const RedMutex &) = delete;

  void lock();
  void unlock();
  bool try_lock();
  bool try_lock_for(const std::chrono::milliseconds &timeout);
};

} // namespace redis
} // namespace sw

#endif
