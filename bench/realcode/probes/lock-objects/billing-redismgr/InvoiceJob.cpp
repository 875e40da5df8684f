#include <cstdio>
#include <cstdlib>
#include <string>

#include "RedisMgr.h"

static bool readLong(const char* key, long* out)
{
    redisReply* reply = NULL;
    if (!RedisMgr::GetInstance()->ExecuteCommand(&reply, "GET %s", key))
        return false;
    *out = (reply->type == REDIS_REPLY_STRING) ? atol(reply->str) : 0;
    freeReplyObject(reply);
    return true;
}

void cacheInvoicePdfUrl(const std::string& invoiceId, const std::string& url)
{
    redisReply* reply = NULL;
    if (RedisMgr::GetInstance()->ExecuteCommand(&reply, "SET invoice:pdf:%s %s EX 60",
                                                invoiceId.c_str(), url.c_str()))
        freeReplyObject(reply);
}

bool chargeInvoice(const std::string& customerId, long amountCents)
{
    std::string lockKey = "lock:invoice:" + customerId;
    std::string token = RedisMgr::GetInstance()->acquireLock(lockKey, 30);
    if (token.empty()) {
        fprintf(stderr, "invoice %s busy\n", customerId.c_str());
        return false;
    }

    std::string balanceKey = "balance:" + customerId;
    long balance = 0;
    readLong(balanceKey.c_str(), &balance);
    balance -= amountCents;

    redisReply* reply = NULL;
    if (RedisMgr::GetInstance()->ExecuteCommand(&reply, "SET %s %ld", balanceKey.c_str(), balance))
        freeReplyObject(reply);

    RedisMgr::GetInstance()->releaseLock(lockKey, token);
    return true;
}

bool settleInvoice(const std::string& customerId)
{
    std::string invoiceLock = "lock:invoice:" + customerId;
    std::string walletLock = "lock:wallet:" + customerId;

    std::string t1 = RedisMgr::GetInstance()->acquireLock(invoiceLock, 30);
    if (t1.empty())
        return false;
    std::string t2 = RedisMgr::GetInstance()->acquireLock(walletLock, 30);
    if (t2.empty()) {
        RedisMgr::GetInstance()->releaseLock(invoiceLock, t1);
        return false;
    }

    redisReply* reply = NULL;
    if (RedisMgr::GetInstance()->ExecuteCommand(&reply, "HSET invoice:%s state settled",
                                                customerId.c_str()))
        freeReplyObject(reply);

    RedisMgr::GetInstance()->releaseLock(walletLock, t2);
    RedisMgr::GetInstance()->releaseLock(invoiceLock, t1);
    return true;
}
