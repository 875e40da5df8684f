#pragma once

#include <string>

#include <hiredis/hiredis.h>

// Redis lease on key_ (SET NX PX with a per-instance token). tryLock() does
// not return the outcome: it records it in held_, read through isHeld().
class JobLock {
 public:
  JobLock(redisContext *ctx, std::string key, int ttl_ms);
  ~JobLock();

  void tryLock();
  bool isHeld() const { return held_; }
  bool attempted() const { return tried_; }
  bool lastReplyOk() const { return replied_; }  // a non-error reply came back
  bool extend();
  void unlock();

 private:
  redisContext *ctx_;
  std::string key_;
  std::string token_;
  int ttl_ms_;
  bool held_ = false;
  bool tried_ = false;
  bool replied_ = false;
};

// Same shape, used for whole scenes.
class SceneLock {
 public:
  SceneLock(redisContext *ctx, std::string key) : ctx_(ctx), key_(std::move(key)) {}
  void tryLock();
  bool isHeld() const { return held_; }
  void unlock();

 private:
  redisContext *ctx_;
  std::string key_;
  bool held_ = false;
};

std::string makeToken();
void renderRange(const std::string &job, int first, int last);
void logLine(const std::string &msg);
