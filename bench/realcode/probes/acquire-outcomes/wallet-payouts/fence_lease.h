// Wallet leases: a Redis TTL lease plus a fencing number per grant.
#ifndef WALLET_FENCE_LEASE_H_
#define WALLET_FENCE_LEASE_H_

#include <string>

struct redisContext;

namespace wallet {

struct Lease {
  std::string key;
  std::string owner;
};

// Try to lease wallet `wallet_id`.
//   > 0  granted; the value is the fencing number for this grant
//   = 0  another payout node holds it
//   < 0  Redis error
long long lease_acquire(redisContext* rc, const std::string& wallet_id, int ttl_ms,
                        Lease* out);

// Extends the lease if still ours. false once it has been lost.
bool lease_extend(redisContext* rc, const Lease& l, int ttl_ms);

void lease_release(redisContext* rc, const Lease& l);

}  // namespace wallet

#endif  // WALLET_FENCE_LEASE_H_
