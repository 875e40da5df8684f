// Exclusive ownership of one domain's certificate renewal, stored as an etcd
// key bound to a kept-alive lease.
#pragma once

#include <string>
#include "etcd_client.h"

class CertOwner {
public:
  CertOwner(etcd::Client &etcd, const std::string &domain, const std::string &me);

  // One attempt: grant a lease, keep it alive, create the key if absent.
  bool tryTake();
  // Compare-and-delete on our value, then revoke the lease.
  bool give();
  // Revision to watch from after a failed tryTake().
  int64_t seenRevision() const { return seen_rev_; }
  const std::string &key() const { return key_; }

private:
  etcd::Client &etcd_;
  std::string key_;
  std::string me_;
  int64_t lease_ = 0;
  int64_t seen_rev_ = 0;
};
