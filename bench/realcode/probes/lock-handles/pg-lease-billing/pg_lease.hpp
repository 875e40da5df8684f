#pragma once

#include <cstdint>
#include <string>

#include <libpq-fe.h>

namespace billing {

// Time-bounded lease stored in a table:
//
//   CREATE TABLE job_leases (
//     name       text PRIMARY KEY,
//     owner      text NOT NULL,
//     expires_at timestamptz NOT NULL,
//     fence      bigint NOT NULL DEFAULT 0
//   );
class PgLease {
 public:
  PgLease(PGconn* conn, std::string name, std::string owner, int ttlSeconds);

  bool tryAcquire();
  bool renew();
  void release();

  std::int64_t fence() const { return fence_; }
  const std::string& owner() const { return owner_; }

 private:
  PGconn* conn_;
  std::string name_;
  std::string owner_;
  std::string ttl_;
  std::int64_t fence_ = 0;
};

}  // namespace billing
