#ifndef REPORT_DIST_LOCK_H
#define REPORT_DIST_LOCK_H

#include <string>

#include <hiredis/hiredis.h>

// Redis lease lock. Not thread-safe; one instance per owner.
class DistLock {
 public:
  DistLock(redisContext* redis, std::string key, int ttl_ms);

  // Up to max_tries SET NX attempts, 100ms apart. True when held.
  bool acquire(int max_tries);
  // Single attempt, no waiting.
  bool try_once() { return acquire(1); }
  // Pushes the expiry out if we still own the key.
  bool refresh();
  // Deletes the key if we still own it.
  void release();

  bool held() const { return held_; }
  const std::string& key() const { return key_; }

 private:
  redisContext* redis_;
  std::string key_;
  std::string value_;
  int ttl_ms_;
  bool held_ = false;
};

#endif
