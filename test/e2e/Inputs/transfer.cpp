// Two transfers between the same accounts, in opposite directions, each
// locking its accounts in the order its caller passes them. Both take their
// first lock, then wait for the other's: neither gets it until the first
// locks' TTL runs out. The test measures that wait on a real redis-server.
#include <hiredis/hiredis.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <atomic>

using Clock = std::chrono::steady_clock;

static bool take(redisContext *c, const std::string &key, const char *token) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(c, "SET %s %s NX PX 1000", key.c_str(), token));
  bool taken = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return taken;
}

static void giveBack(redisContext *c, const std::string &key, const char *token) {
  freeReplyObject(redisCommand(
      c, "EVAL %s 1 %s %s",
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) "
      "else return 0 end",
      key.c_str(), token));
}

// Takes the accounts' locks in the order given; the second with retries,
// for at most five seconds. Returns the milliseconds it waited for it.
static long transfer(redisContext *c, const std::string &from, const std::string &to,
                     const char *token, std::atomic<int> &holdingFirst) {
  if (!take(c, "lock:account:" + from, token))
    return -1;
  ++holdingFirst;
  while (holdingFirst < 2)
    std::this_thread::yield();
  auto start = Clock::now();
  while (!take(c, "lock:account:" + to, token)) {
    if (Clock::now() - start > std::chrono::seconds(5))
      return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  long waited = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
  giveBack(c, "lock:account:" + to, token);
  giveBack(c, "lock:account:" + from, token);
  return waited;
}

int main() {
  const char *port = std::getenv("REDIS_PORT");
  redisContext *one = redisConnect("127.0.0.1", port ? std::atoi(port) : 6379);
  redisContext *two = redisConnect("127.0.0.1", port ? std::atoi(port) : 6379);
  if (!one || one->err || !two || two->err) {
    std::fprintf(stderr, "cannot connect to Redis\n");
    return 2;
  }
  std::atomic<int> holdingFirst{0};
  long waitedOne = 0, waitedTwo = 0;
  std::thread first([&] { waitedOne = transfer(one, "a", "b", "one", holdingFirst); });
  std::thread second([&] { waitedTwo = transfer(two, "b", "a", "two", holdingFirst); });
  first.join();
  second.join();
  // Each waited for a lock the other held until its 1000 ms TTL ran out.
  std::printf("both transfers waited for the other's lock until its TTL: %s\n",
              waitedOne >= 800 && waitedTwo >= 800 ? "yes" : "no");
  redisFree(two);
  redisFree(one);
  return 0;
}
