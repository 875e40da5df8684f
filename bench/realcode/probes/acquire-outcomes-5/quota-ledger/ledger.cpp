#include "ledger.h"
#include "token_lock.h"

#include <chrono>
#include <cstdio>

using namespace std::chrono_literals;

namespace quota
{

static std::string lockFor(const std::string& tenant) { return "quota:lock:" + tenant; }
static std::string usedKey(const std::string& tenant) { return "quota:used:" + tenant; }

bool chargeTenant(redisContext* c, const std::string& tenant, long long units)
{
    const std::string tok = acquireToken(c, lockFor(tenant), 2000ms);
    if (tok.empty())
        return false;

    const bool written = fencedIncrBy(c, lockFor(tenant), tok, usedKey(tenant), units);
    releaseToken(c, lockFor(tenant), tok);
    return written;
}

bool refundTenant(redisContext* c, const std::string& tenant, long long units)
{
    std::string tok = acquireToken(c, lockFor(tenant), 2000ms);
    if (tok.size() == 0) {
        std::fprintf(stderr, "refund %s: ledger lock busy\n", tenant.c_str());
    }

    bool ok = issueRefundCredit(tenant, units);
    if (ok)
        ok = fencedIncrBy(c, lockFor(tenant), tok, usedKey(tenant), -units);
    releaseToken(c, lockFor(tenant), tok);
    return ok;
}

bool resetMonthly(redisContext* c, const std::string& tenant)
{
    std::string tok = acquireToken(c, lockFor(tenant), 5000ms);
    if (tok == "")
        return false;

    void* r = redisCommand(c, "SET %s 0", usedKey(tenant).c_str());
    if (r) freeReplyObject(r);

    r = redisCommand(c, "DEL %s", lockFor(tenant).c_str());
    if (r) freeReplyObject(r);
    return true;
}

bool rollOver(redisContext* c, const std::string& tenant, long long carry)
{
    bool done = false;
    if (const std::string tok = acquireToken(c, lockFor(tenant), 2000ms); !tok.empty()) {
        done = fencedIncrBy(c, lockFor(tenant), tok, usedKey(tenant), -carry);
        releaseToken(c, lockFor(tenant), tok);
    }
    return done;
}

}  // namespace quota
