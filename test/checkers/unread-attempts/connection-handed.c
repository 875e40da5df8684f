// A C lock library declared in a header the unit sees, defined elsewhere.
// Its acquire is handed the Redis connection: the lock is kept on the server.
// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -isystem %stubs

#include <hiredis/hiredis.h>
#include <time.h>
#include <unistd.h>

typedef struct job_lock job_lock;
enum { JOB_LOCK_TAKEN, JOB_LOCK_BUSY, JOB_LOCK_ERROR };

int job_lock_acquire(job_lock *lock, redisContext *redis);
int job_lock_release(job_lock *lock, redisContext *redis);

int wait_for_job(job_lock *lock, redisContext *redis) {
  int state;
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop retries 'job_lock_acquire' with no deadline and no limit on attempts: one stuck holder of the lock blocks every waiter [distlock-unbounded-acquire]
    state = job_lock_acquire(lock, redis);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: note: 'job_lock_acquire' is handed a connection to the server that keeps the lock
    if (state != JOB_LOCK_BUSY)
      break;
    usleep(1000);
  }
  return state;
}

/// Stops after a number of tries: silent.
int wait_a_little(job_lock *lock, redisContext *redis) {
  int state = JOB_LOCK_BUSY;
  for (int tries = 0; tries < 10 && state == JOB_LOCK_BUSY; ++tries) {
    state = job_lock_acquire(lock, redis);
    usleep(1000);
  }
  return state;
}

/// Stops at a deadline: silent.
int wait_until(job_lock *lock, redisContext *redis, time_t deadline) {
  int state;
  while ((state = job_lock_acquire(lock, redis)) == JOB_LOCK_BUSY) {
    if (time(NULL) > deadline)
      return JOB_LOCK_BUSY;
    usleep(1000);
  }
  return state;
}

/// A release retried until it is done is not a wait for the lock: silent.
void release_for_sure(job_lock *lock, redisContext *redis) {
  while (job_lock_release(lock, redis) == JOB_LOCK_ERROR)
    usleep(1000);
}
