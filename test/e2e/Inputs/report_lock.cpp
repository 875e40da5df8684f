// A report job's Redis lock, written the naive way: SET with no NX and no
// expiry, and a release by plain DEL. The test applies locklint's fixes,
// builds the result against hiredis and runs it against a real server.
#include <hiredis/hiredis.h>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

class ReportLock {
public:
  ReportLock(redisContext *c, std::string token) : c_(c), token_(std::move(token)) {}

  bool acquire() {
    auto *reply = static_cast<redisReply *>(redisCommand(c_, "SET lock:report %s", token_.c_str()));
    bool taken = reply && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    return taken;
  }

  void release() { freeReplyObject(redisCommand(c_, "DEL lock:report")); }

private:
  redisContext *c_;
  std::string token_;
};

static std::string randomToken() {
  std::random_device random;
  return std::to_string(random()) + "-" + std::to_string(random());
}

static long long integer(redisContext *c, const char *command) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, command));
  long long value = reply && reply->type == REDIS_REPLY_INTEGER ? reply->integer : -1;
  freeReplyObject(reply);
  return value;
}

int main() {
  const char *port = std::getenv("REDIS_PORT");
  redisContext *one = redisConnect("127.0.0.1", port ? std::atoi(port) : 6379);
  redisContext *two = redisConnect("127.0.0.1", port ? std::atoi(port) : 6379);
  if (!one || one->err || !two || two->err) {
    std::fprintf(stderr, "cannot connect to Redis\n");
    return 2;
  }
  ReportLock first(one, randomToken()), second(two, randomToken());
  std::printf("first acquires: %s\n", first.acquire() ? "yes" : "no");
  std::printf("second acquires while first holds: %s\n", second.acquire() ? "yes" : "no");
  std::printf("lock has a ttl: %s\n", integer(one, "PTTL lock:report") > 0 ? "yes" : "no");
  second.release();
  std::printf("after non-owner release, key exists: %lld\n", integer(one, "EXISTS lock:report"));
  first.release();
  std::printf("after owner release, key exists: %lld\n", integer(one, "EXISTS lock:report"));
  redisFree(two);
  redisFree(one);
  return 0;
}
