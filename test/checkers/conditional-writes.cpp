// RUN: %check_distlock %s distlock-local-mutex-cross-process,distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs

// A registry that claims names in Redis under a thread mutex. A claim with
// SET ... NX is decided by the server: of two replicas that read the same
// old value, only one writes, so the mutex's scope loses no update. Its
// outcome comes back as a pair that the caller unpacks.

#include <hiredis/hiredis.h>
#include <cstdarg>
#include <mutex>
#include <string>
#include <tuple>

class Registry {
public:
  std::tuple<int, std::string> command(const char *format, ...) {
    va_list args;
    va_start(args, format);
    auto *reply = static_cast<redisReply *>(redisvCommand(context_, format, args));
    va_end(args);
    if (!reply)
      return {REDIS_REPLY_ERROR, ""};
    std::tuple<int, std::string> answer{reply->type, reply->str ? reply->str : ""};
    freeReplyObject(reply);
    return answer;
  }

  // Read, then claim only if absent: not a lost update.
  bool claim(const std::string &name, const std::string &owner) {
    std::lock_guard<std::mutex> hold(mutex_);
    auto [type, current] = command("GET %s", name.c_str());
    if (type == REDIS_REPLY_STRING)
      return current == owner;
    auto [claimType, claimText] =
        command("SET %s %s EX 10 NX", name.c_str(), owner.c_str());
    return claimType == REDIS_REPLY_STATUS;
  }

  // Read, then overwrite: another replica's write in between is lost.
  void rename(const std::string &name, const std::string &owner) {
    std::lock_guard<std::mutex> hold(mutex_);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of Redis key 'name' in its scope races with other processes [distlock-local-mutex-cross-process]
    auto [type, current] = command("GET %s", name.c_str());
    // CHECK-MESSAGES: :[[@LINE-1]]:28: note: read here
    if (type == REDIS_REPLY_STRING && current != owner)
      command("SET %s %s", name.c_str(), owner.c_str());
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: written here
    // CHECK-MESSAGES: :[[@LINE-7]]:33: note: make the change one atomic step
  }

  // The unpacked outcome is never looked at: the lock may not be ours.
  void refreshUnchecked(const std::string &job, const std::string &owner) {
    auto [type, text] = command("SET lock:%s %s EX 10 NX", job.c_str(), owner.c_str());
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'lock:{job}' [distlock-acquire-unchecked]
    runJob(job);
  }

  // Tested through the unpacked names: checked.
  bool refresh(const std::string &job, const std::string &owner) {
    auto [type, text] = command("SET lock:%s %s EX 10 NX", job.c_str(), owner.c_str());
    if (type != REDIS_REPLY_STATUS)
      return false;
    runJob(job);
    return true;
  }

private:
  void runJob(const std::string &job);
  redisContext *context_ = nullptr;
  std::mutex mutex_;
};
