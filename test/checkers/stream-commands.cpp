// Commands written into a std::ostringstream and sent with str().c_str(),
// as database layers build them.
// RUN: %check_distlock %s 'distlock-redis-*' %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s 'distlock-redis-*' %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <sstream>
#include <unistd.h>
#include <string>

#define SETNX_CMD "SETNX "
#define EXPIRE_CMD "EXPIRE "
#define DEL_CMD "DEL "

class QueueStore {
public:
  bool lockQueue(const std::string &queue, int ttl);
  void unlockQueue(const std::string &queue);
  void renameQueue(const std::string &queue, const std::string &name, int ttl);

private:
  redisContext *ctx_ = nullptr;
  redisReply *reply_ = nullptr;
};

// SETNX, then EXPIRE built in a stream: a crash between them leaves a lock
// that never expires. The DEL where the EXPIRE failed is cleanup.
bool QueueStore::lockQueue(const std::string &queue, int ttl) {
  std::string key = "queue_lock:" + queue;
  std::ostringstream take;
  take << SETNX_CMD << key << ' ' << getpid();
  reply_ = (redisReply *)redisCommand(ctx_, take.str().c_str());
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: lock 'queue_lock:{queue}' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
  // CHECK-MESSAGES: :[[@LINE+10]]:26: note: expiry set here
  // CHECK-MESSAGES: :[[@LINE-3]]:26: note: acquire with
  if (reply_ == nullptr)
    return false;
  if (reply_->integer != 1) {
    freeReplyObject(reply_);
    return false;
  }
  std::ostringstream expire;
  expire << EXPIRE_CMD << key << " " << ttl;
  reply_ = (redisReply *)redisCommand(ctx_, expire.str().c_str());
  if (reply_ == nullptr || reply_->type == REDIS_REPLY_ERROR) {
    std::ostringstream undo;
    undo << DEL_CMD << key;
    redisCommand(ctx_, undo.str().c_str());
    return false;
  }
  return true;
}

// The release, built the same way, is a plain DEL of the same key: the
// same parameter of the methods of one class.
void QueueStore::unlockQueue(const std::string &queue) {
  std::ostringstream release;
  release << DEL_CMD << "queue_lock:" << queue;
  freeReplyObject(redisCommand(ctx_, release.str().c_str()));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'DEL' releases lock 'queue_lock:{queue}' without checking that this process still holds it
  // CHECK-MESSAGES: :[[@LINE-29]]:26: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: release with
}

// A stream whose text depends on a branch, or is written by a manipulator,
// is unknown: nothing is said about it.
void QueueStore::renameQueue(const std::string &queue, const std::string &name, int ttl) {
  std::ostringstream set;
  set << "SET queue_lock:" << queue << ' ' << name;
  if (ttl > 0)
    set << " EX " << ttl;
  redisCommand(ctx_, set.str().c_str());
  std::ostringstream padded;
  padded << "SET queue_lock:" << queue << ' ' << std::hex << ttl;
  redisCommand(ctx_, padded.str().c_str());
}
