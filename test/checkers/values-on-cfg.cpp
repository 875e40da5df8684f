// Keys and values as services build them: assembled in loops and branches,
// passed to helpers, converted between string types, sent with %b, or made by
// library functions. A value is known where one value reaches its use on
// every path; anything else stays unknown and no finding rests on it.
// RUN: %check_distlock %s 'distlock-*' %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s 'distlock-*' %t-plugin -- -std=c++17 -isystem %stubs

#include <boost/uuid/random_generator.hpp>
#include <boost/uuid/uuid.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <cstring>
#include <string>
#include <string_view>

#define CMD_SETNX "setnx "
#define CMD_EXPIRE "expire "

std::string randomPart();
void audit(std::string line);
void trace(const std::string &line);
void normalize(std::string &line);

// The command variable lives outside the retry loop and is assigned inside
// it: each iteration's SETNX is read, then its EXPIRE.
bool takeJobSlot(redisContext *c, const std::string &job) {
  std::string cmd;
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string key = "slot:" + job + ":lock";
    cmd = std::string(CMD_SETNX) + key + " 1";
    auto *reply = static_cast<redisReply *>(redisCommand(c, cmd.c_str()));
    // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: lock 'slot:{job}:lock' is taken with the constant value '1'
    // CHECK-MESSAGES: :[[@LINE-2]]:45: warning: lock 'slot:{job}:lock' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
    if (reply && reply->integer == 1) {
      cmd = std::string(CMD_EXPIRE) + key + " 30";
      freeReplyObject(redisCommand(c, cmd.c_str()));
      freeReplyObject(reply);
      return true;
    }
    freeReplyObject(reply);
  }
  return false;
}

// A token grown piece by piece in a loop has no single value.
bool takeWithBuiltToken(redisContext *c) {
  std::string token;
  for (int i = 0; i < 4; ++i)
    token += randomPart();
  return redisCommand(c, "SET lock:report %s NX PX 30000", token.c_str()) != nullptr;
}

// Two branches that write different values: unknown, so no finding.
bool takeByMode(redisContext *c, bool primary) {
  std::string value;
  if (primary)
    value = "primary";
  else
    value = "replica";
  return redisCommand(c, "SET lock:leader %s NX PX 5000", value.c_str()) != nullptr;
}

// Two branches that write the same value: it is that value.
bool takeEitherWay(redisContext *c, bool fast) {
  std::string value;
  if (fast)
    value = "1";
  else
    value = "1";
  return redisCommand(c, "SET lock:sweep %s NX PX 5000", value.c_str()) != nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lock 'lock:sweep' is taken with the constant value '1'
}

// Passing the key by value or by const reference leaves it as it was; a
// non-const reference may change it.
bool takeAfterLogging(redisContext *c, const std::string &user) {
  std::string key = "lock:user:" + user;
  audit(key);
  trace(key);
  return redisCommand(c, "SET %s 1 NX PX 100", key.c_str()) != nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lock 'lock:user:{user}' is taken with the constant value '1'
}
bool takeAfterNormalizing(redisContext *c, const std::string &user) {
  std::string key = "lock:user:" + user;
  normalize(key);
  return redisCommand(c, "SET %s 1 NX PX 100", key.c_str()) != nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lock 'key' is taken with the constant value '1'
}

// redis-plus-plus takes StringView: std::string, std::string_view and
// const char * arguments all keep their text.
class SeatAllocator {
public:
  bool holdSeat(const std::string &seat) {
    std::string key = "lock:seat:" + seat;
    return redis_.set(std::string_view(key), std::string("1"), std::chrono::seconds(10),
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: lock 'lock:seat:{seat}' is taken with the constant value '1'
                      sw::redis::UpdateType::NOT_EXIST);
  }
  bool holdRow(const std::string &row) {
    std::string key = "lock:row:" + row;
    return redis_.set(key.c_str(), kHolder, std::chrono::seconds(10),
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: lock 'lock:row:{row}' is taken with the constant value 'seat-service'
                      sw::redis::UpdateType::NOT_EXIST);
  }

private:
  static constexpr const char *kHolder = "seat-service";
  sw::redis::Redis &redis_;
};

// %b sends <length> bytes from its pointer.
bool takeBinary(redisContext *c, const char *name) {
  return redisCommand(c, "SET %b %b NX PX 100", name, strlen(name), "owner", (size_t)5) != nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lock 'name' is taken with the constant value 'owner'
}

// A value made by a library function is whatever it makes at run time.
bool takeWithUuid(redisContext *c) {
  static boost::uuids::random_generator generate;
  std::string token = boost::uuids::to_string(generate());
  return redisCommand(c, "SET lock:batch %s NX EX 10", token.c_str()) != nullptr;
}
std::string newTokenFrom(const boost::uuids::uuid &id) { return boost::uuids::to_string(id); }
bool takeWithWrappedUuid(redisContext *c, const boost::uuids::uuid &id) {
  std::string token = newTokenFrom(id);
  return redisCommand(c, "SET lock:batch %s NX EX 10", token.c_str()) != nullptr;
}

// Two locals that share a name in two functions are two keys: deleting a
// cache entry is not the release of the other function's lock.
void seedCounter(sw::redis::Redis &redis) {
  std::string keyString = "lock:seed";
  redis.set(keyString, "0", std::chrono::milliseconds(100), sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:seed' is taken with the constant value '0'
}
void dropCacheEntry(sw::redis::Redis &redis, const std::string &name) {
  std::string keyString = "cache:" + name;
  redis.del(keyString);
}
