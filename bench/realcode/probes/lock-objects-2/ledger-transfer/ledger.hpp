#pragma once

#include <string>
#include <vector>

#include <hiredis/hiredis.h>

#include "redis_lock.hpp"

namespace ledger {

struct Transfer {
  std::string id;
  std::string from_account;
  std::string to_account;
  long long amount_cents;
};

// transfer.cpp
bool PostTransfer(redisContext* ctx, const Transfer& t);
bool ApplyEntry(redisContext* ctx, const RedisLock& account, const RedisLock& book,
                const Transfer& t);

// settle.cpp
int RunBatch(redisContext* ctx, RedisLock& account, RedisLock& book,
             const std::vector<Transfer>& batch);
int SettleAccount(redisContext* ctx, const std::string& account_id,
                  const std::vector<Transfer>& pending);

// audit.cpp
int CloseBusinessDay(redisContext* ctx, const std::string& date,
                     const std::vector<std::string>& accounts);

}  // namespace ledger
