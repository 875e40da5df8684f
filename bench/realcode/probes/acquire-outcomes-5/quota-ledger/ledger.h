#ifndef QUOTA_LEDGER_H
#define QUOTA_LEDGER_H

#include <hiredis/hiredis.h>
#include <string>

namespace quota
{

// Billing side effects (billing_client.cpp, outside this probe).
bool issueRefundCredit(const std::string& tenant, long long amount);

bool chargeTenant(redisContext* c, const std::string& tenant, long long units);
bool refundTenant(redisContext* c, const std::string& tenant, long long units);
bool resetMonthly(redisContext* c, const std::string& tenant);
bool rollOver(redisContext* c, const std::string& tenant, long long carry);

}  // namespace quota

#endif
