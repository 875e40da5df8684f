// lock_mgr.h -- process-wide Redis lock manager for the billing workers.
#ifndef BILLING_LOCK_MGR_H_
#define BILLING_LOCK_MGR_H_

#include <cstdarg>
#include <mutex>
#include <optional>
#include <string>

#include <hiredis/hiredis.h>

namespace billing {

class LockMgr {
 public:
  static LockMgr& instance();

  bool Connect(const std::string& host, int port, int timeout_ms);

  // Returns the owner token when the lock was taken, nullopt otherwise.
  std::optional<std::string> acquire(const std::string& name, int ttl_ms);
  bool renew(const std::string& name, const std::string& token, int ttl_ms);
  bool release(const std::string& name, const std::string& token);

  // Runs one command; *out receives the reply (caller frees). False on I/O error.
  bool exec(redisReply** out, const char* fmt, ...);

 private:
  LockMgr() = default;
  LockMgr(const LockMgr&) = delete;
  LockMgr& operator=(const LockMgr&) = delete;

  bool vexec(redisReply** out, const char* fmt, va_list ap);

  redisContext* ctx_ = nullptr;
  std::mutex mu_;
  unsigned long seq_ = 0;
};

}  // namespace billing

#endif  // BILLING_LOCK_MGR_H_
