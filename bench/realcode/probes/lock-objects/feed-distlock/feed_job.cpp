#include <chrono>
#include <cstdlib>
#include <mutex>
#include <string>

#include "dist_lock.h"

namespace feed {

std::string RenderFeedSince(const std::string& user_id, long long cursor,
                            long long* new_cursor);

class FeedRebuilder {
 public:
  explicit FeedRebuilder(RedisClient& client) : client_(client) {}

  bool rebuild(const std::string& user_id);
  void recordRebuild();

 private:
  RedisClient& client_;
  std::mutex stats_mu_;
};

bool FeedRebuilder::rebuild(const std::string& user_id) {
  DistLock lock(client_, "feed:" + user_id);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  if (!lock.lockUntil(deadline, 10000)) return false;

  Reply cur;
  client_.ExecuteCommand(cur, "GET feed:cursor:%s", user_id.c_str());
  long long cursor = cur.isNil() ? 0 : std::atoll(cur.str().c_str());

  long long next_cursor = cursor;
  std::string payload = RenderFeedSince(user_id, cursor, &next_cursor);

  Reply w;
  client_.ExecuteCommand(w, "APPEND feed:%s %b", user_id.c_str(), payload.data(), payload.size());
  client_.ExecuteCommand(w, "SET feed:cursor:%s %lld", user_id.c_str(), next_cursor);

  lock.release();
  recordRebuild();
  return true;
}

void FeedRebuilder::recordRebuild() {
  std::lock_guard<std::mutex> guard(stats_mu_);
  Reply r;
  client_.ExecuteCommand(r, "GET stats:feed:rebuilds");
  long long n = r.isNil() ? 0 : std::atoll(r.str().c_str());
  client_.ExecuteCommand(r, "SET stats:feed:rebuilds %lld", n + 1);
}

}  // namespace feed
