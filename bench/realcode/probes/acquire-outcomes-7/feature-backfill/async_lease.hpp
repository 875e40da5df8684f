#pragma once

// Leases for the feature-store backfill jobs (one key per table).
// Callbacks run on a worker thread, never on the caller's thread.
// The client keeps only the token of leases it holds.
// Release is by token, so a stale release is a no-op.

#include <functional>
#include <map>
#include <mutex>
#include <string>

enum class LeaseStatus { Held, Busy, Error };

// Redis lease client whose acquire runs on a worker thread. submit() only
// reports whether the request was queued; the outcome is delivered later to
// the callback.
class AsyncLease {
 public:
  using HeldCallback = std::function<void(bool held)>;
  using StatusCallback = std::function<void(LeaseStatus)>;

  AsyncLease(std::string host, int port) : host_(std::move(host)), port_(port) {}

  bool submit(const std::string &key, int ttl_ms, HeldCallback cb);
  bool submitStatus(const std::string &key, int ttl_ms, StatusCallback cb);
  void release(const std::string &key);

 private:
  LeaseStatus trySet(const std::string &key, int ttl_ms);

  std::string host_;
  int port_;
  std::mutex tokens_mu_;
  std::map<std::string, std::string> tokens_;
  unsigned long seq_ = 0;
};

AsyncLease &leaseClient();
void runBackfill(const std::string &table);
void logLine(const std::string &msg);
