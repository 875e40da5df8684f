// A project's own lock guard, described in a model file.
// RUN: %check_distlock %s distlock-local-mutex-cross-process %t \
// RUN:   --config="{CheckOptions: {LocalLockModelFiles: '%S/Inputs/spin-guard.json'}}" -- -std=c++17
// RUN: %check_distlock --tool=plugin %s distlock-local-mutex-cross-process %t-plugin \
// RUN:   --config="{CheckOptions: {LocalLockModelFiles: '%S/Inputs/spin-guard.json'}}" -- -std=c++17

#include <hiredis/hiredis.h>
#include <atomic>

namespace app {
struct SpinLock {
  std::atomic_flag Flag = ATOMIC_FLAG_INIT;
};
class SpinGuard {
public:
  explicit SpinGuard(SpinLock &Lock);
  ~SpinGuard();
};
} // namespace app

app::SpinLock spin;
void bump(redisContext *c) {
  app::SpinGuard guard(spin);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'app::SpinLock' only excludes threads of this process; the read-modify-write of Redis key 'hits' in its scope races
  redisCommand(c, "GET hits");
  redisCommand(c, "SET hits 2");
}
