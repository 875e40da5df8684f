#include "coupon_lock.h"
#include "minting.h"

namespace coupons {

void issueDaily(CouponLock &lock, long n) {
  auto [held, token] = lock.tryAcquire("coupons:lock:daily", 30000);
  if (!held) return;
  mintCodes("daily", n);
  lock.addWhileHeld("coupons:lock:daily", token, "coupons:issued:daily", n);
  lock.release("coupons:lock:daily", token);
}

void issueFlash(CouponLock &lock, long n) {
  auto [held, token] = lock.tryAcquire("coupons:lock:flash", 10000);
  auditGrant("flash", token);
  mintCodes("flash", n);
  lock.release("coupons:lock:flash", token);
}

void issueReferral(CouponLock &lock, redisContext *c, long n) {
  if (auto [held, token] = lock.tryAcquire("coupons:lock:referral", 30000); held) {
    mintCodes("referral", n);
    freeReplyObject(redisCommand(c, "INCRBY coupons:issued:referral %ld", n));
    lock.release("coupons:lock:referral", token);
  }
}

void issueWinback(CouponLock &lock, long n) {
  bool held = false;
  std::string token;
  std::tie(held, token) = lock.tryAcquire("coupons:lock:winback", 30000);
  if (token.empty()) return;
  mintCodes("winback", n);
  lock.release("coupons:lock:winback", token);
}

void issueBirthday(CouponLock &lock, long n) {
  const auto grant = lock.tryAcquire("coupons:lock:birthday", 30000);
  if (!std::get<0>(grant)) return;
  mintCodes("birthday", n);
  lock.addWhileHeld("coupons:lock:birthday", std::get<1>(grant), "coupons:issued:birthday", n);
  lock.release("coupons:lock:birthday", std::get<1>(grant));
}

void issueLoyalty(CouponLock &lock, long n) {
  const auto &[held, token] = lock.tryAcquire("coupons:lock:loyalty", 30000);
  if (held) {
    mintCodes("loyalty", n);
    lock.release("coupons:lock:loyalty", token);
  }
}

}  // namespace coupons
