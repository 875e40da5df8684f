// dunning.cpp -- overdue-invoice reminder mails and the dunning index.
#include <chrono>
#include <ctime>
#include <iostream>
#include <thread>

#include "lock_mgr.h"

namespace billing {

namespace {

constexpr int kMaxAttempts = 5;
constexpr int kTtlMs = 30000;

void CacheLastRun(LockMgr& mgr) {
  redisReply* r = nullptr;
  const long long now = static_cast<long long>(std::time(nullptr));
  if (mgr.exec(&r, "SET dunning:last_run %lld EX 60", now)) freeReplyObject(r);
}

}  // namespace

int SendDunning() {
  LockMgr& mgr = LockMgr::instance();
  std::optional<std::string> token;
  for (int i = 0; i < kMaxAttempts && !token; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(500 * i));
    token = mgr.acquire("dunning", kTtlMs);
  }
  if (!token) {
    std::clog << "dunning: another worker is running\n";
    return 0;
  }

  int sent = 0;
  redisReply* r = nullptr;
  if (mgr.exec(&r, "SMEMBERS invoices:overdue")) {
    if (r->type == REDIS_REPLY_ARRAY) sent = static_cast<int>(r->elements);
    freeReplyObject(r);
  }
  if (mgr.exec(&r, "INCRBY dunning:sent %d", sent)) freeReplyObject(r);
  CacheLastRun(mgr);

  mgr.release("dunning", *token);
  return sent;
}

void RebuildDunningIndex() {
  LockMgr& mgr = LockMgr::instance();
  std::optional<std::string> token = mgr.acquire("dunning-index", kTtlMs);

  redisReply* r = nullptr;
  if (mgr.exec(&r, "DEL dunning:index")) freeReplyObject(r);
  if (mgr.exec(&r, "SUNIONSTORE dunning:index invoices:overdue invoices:disputed"))
    freeReplyObject(r);

  if (token) mgr.release("dunning-index", *token);
}

}  // namespace billing
