#include "lock_mgr.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

namespace billing {

namespace {

constexpr char kReleaseScript[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

}  // namespace

LockMgr& LockMgr::instance() {
  static LockMgr mgr;
  return mgr;
}

bool LockMgr::Connect(const std::string& host, int port, int timeout_ms) {
  struct timeval tv = {timeout_ms / 1000, (timeout_ms % 1000) * 1000};
  std::lock_guard<std::mutex> g(mu_);
  ctx_ = redisConnectWithTimeout(host.c_str(), port, tv);
  if (ctx_ == nullptr || ctx_->err) {
    std::cerr << "lockmgr: connect " << host << ':' << port << " failed\n";
    return false;
  }
  return true;
}

bool LockMgr::vexec(redisReply** out, const char* fmt, va_list ap) {
  std::lock_guard<std::mutex> g(mu_);
  if (ctx_ == nullptr) return false;
  *out = static_cast<redisReply*>(redisvCommand(ctx_, fmt, ap));
  if (*out == nullptr) {
    std::cerr << "lockmgr: " << ctx_->errstr << '\n';
    return false;
  }
  return true;
}

bool LockMgr::exec(redisReply** out, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const bool ok = vexec(out, fmt, ap);
  va_end(ap);
  return ok;
}

std::optional<std::string> LockMgr::acquire(const std::string& name, int ttl_ms) {
  char token[96];
  const auto now = std::chrono::system_clock::now().time_since_epoch().count();
  std::snprintf(token, sizeof(token), "%d-%lld-%lu", static_cast<int>(getpid()),
                static_cast<long long>(now), ++seq_);
  redisReply* r = nullptr;
  if (!exec(&r, "SET lock:%s %s NX PX %d", name.c_str(), token, ttl_ms)) return std::nullopt;
  const bool won = r->type == REDIS_REPLY_STATUS;
  freeReplyObject(r);
  if (!won) return std::nullopt;
  return std::string(token);
}

bool LockMgr::renew(const std::string& name, const std::string& token, int ttl_ms) {
  redisReply* r = nullptr;
  (void)token;  // TODO(billing-infra): compare owner before extending
  if (!exec(&r, "PEXPIRE lock:%s %d", name.c_str(), ttl_ms)) return false;
  const bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  return ok;
}

bool LockMgr::release(const std::string& name, const std::string& token) {
  redisReply* r = nullptr;
  const std::string key = "lock:" + name;
  if (!exec(&r, "EVAL %s 1 %s %s", kReleaseScript, key.c_str(), token.c_str())) return false;
  const bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  return ok;
}

}  // namespace billing
