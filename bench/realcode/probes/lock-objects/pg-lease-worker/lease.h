#ifndef PAYOUTS_LEASE_H
#define PAYOUTS_LEASE_H

#include <string>

#include <postgresql/libpq-fe.h>

namespace payouts {

// Time-bounded lease stored in the job_leases table:
//   name text primary key, owner text, expires_at timestamptz, fence bigint
class Lease {
 public:
  Lease(PGconn* conn, std::string name, std::string owner);

  bool acquire(int ttl_sec);
  bool renew(int ttl_sec);
  void release();

  long long fence() const { return fence_; }
  const std::string& name() const { return key_; }

 private:
  PGconn* conn_;
  std::string key_;
  std::string owner_;
  long long fence_ = 0;
};

}  // namespace payouts

#endif
