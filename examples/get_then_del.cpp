// Checking the owner before deleting is right; doing it in two commands is not.
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>

std::string randomToken();

class JobLock {
public:
  explicit JobLock(sw::redis::Redis &redis) : redis_(redis) {}

  bool acquire() {
    return redis_.set(kKey, token_, std::chrono::seconds(30),
                      sw::redis::UpdateType::NOT_EXIST);
  }

  // Broken: the lock can expire and pass to another process between the GET
  // and the DEL, and this DEL then removes the new holder's lock.
  void broken_release() {
    auto owner = redis_.get(kKey);
    if (owner && *owner == token_)
      redis_.del(kKey);
  }

  // Fixed: the comparison and the delete run as one script inside Redis.
  void fixed_release() {
    redis_.eval<long long>("if redis.call('get', KEYS[1]) == ARGV[1] then "
                           "return redis.call('del', KEYS[1]) else return 0 end",
                           {kKey}, {token_});
  }

private:
  static constexpr const char *kKey = "lock:nightly-job";
  sw::redis::Redis &redis_;
  std::string token_ = randomToken();
};
