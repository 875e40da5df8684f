#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "redis_lock.h"

namespace sweeper {

class OrderSweeper {
 public:
  explicit OrderSweeper(redisContext* ctx) : ctx_(ctx) {}
  void RunOnce();

 private:
  std::vector<std::string> LoadStaleOrders();
  bool CancelOrder(const std::string& order_id);

  redisContext* ctx_;
};

std::vector<std::string> OrderSweeper::LoadStaleOrders() {
  std::vector<std::string> ids;
  auto* reply = static_cast<redisReply*>(
      redisCommand(ctx_, "ZRANGEBYSCORE orders:pending -inf %ld", time(nullptr) - 3600));
  if (reply == nullptr) return ids;
  if (reply->type == REDIS_REPLY_ARRAY) {
    for (size_t i = 0; i < reply->elements; ++i) {
      ids.emplace_back(reply->element[i]->str, reply->element[i]->len);
    }
  }
  freeReplyObject(reply);
  return ids;
}

bool OrderSweeper::CancelOrder(const std::string& order_id) {
  auto* reply = static_cast<redisReply*>(
      redisCommand(ctx_, "ZREM orders:pending %s", order_id.c_str()));
  if (reply == nullptr) return false;
  freeReplyObject(reply);
  return true;
}

void OrderSweeper::RunOnce() {
  RedisLock lock(ctx_, "order-sweeper", 30000);
  while (!lock.TryLock()) {
    sleep(1);
  }

  std::vector<std::string> stale = LoadStaleOrders();
  if (stale.empty()) {
    std::fprintf(stderr, "sweeper: nothing to do\n");
    return;
  }

  int done = 0;
  for (const auto& id : stale) {
    if (!CancelOrder(id)) continue;
    if (++done % 100 == 0) lock.Extend(30000);
  }
  std::fprintf(stderr, "sweeper: cancelled %d orders\n", done);
  lock.Release();
}

}  // namespace sweeper
