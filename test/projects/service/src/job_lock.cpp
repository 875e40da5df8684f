#include "job_lock.h"

namespace shop {

JobLock::JobLock(RedisClient &redis, std::string name)
    : redis_(redis), key_("lock:job:" + std::move(name)) {}

bool JobLock::tryLock() {
  held_ = redis_.setIfAbsentFor(key_, "held", 30000);
  return held_;
}

JobLock::~JobLock() {
  if (held_)
    redis_.remove(key_);
}

} // namespace shop
