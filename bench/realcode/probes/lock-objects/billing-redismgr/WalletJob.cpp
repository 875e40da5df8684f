#include <cstdio>
#include <string>

#include "RedisMgr.h"

bool refundToWallet(const std::string& customerId, long cents)
{
    std::string walletLock = "lock:wallet:" + customerId;
    std::string invoiceLock = "lock:invoice:" + customerId;

    std::string wt = RedisMgr::GetInstance()->acquireLock(walletLock, 30);
    if (wt.empty())
        return false;
    std::string it = RedisMgr::GetInstance()->acquireLock(invoiceLock, 30);
    if (it.empty()) {
        RedisMgr::GetInstance()->releaseLock(walletLock, wt);
        return false;
    }

    redisReply* reply = NULL;
    if (RedisMgr::GetInstance()->ExecuteCommand(&reply, "HINCRBY wallet:%s cents %ld",
                                                customerId.c_str(), cents))
        freeReplyObject(reply);

    RedisMgr::GetInstance()->releaseLock(invoiceLock, it);
    RedisMgr::GetInstance()->releaseLock(walletLock, wt);
    return true;
}

void expireDormantWallet(const std::string& customerId)
{
    std::string walletLock = "lock:wallet:" + customerId;
    std::string token = RedisMgr::GetInstance()->acquireLock(walletLock, 10);

    redisReply* reply = NULL;
    if (RedisMgr::GetInstance()->ExecuteCommand(&reply, "HSET wallet:%s status dormant",
                                                customerId.c_str()))
        freeReplyObject(reply);

    RedisMgr::GetInstance()->releaseLock(walletLock, token);
}
