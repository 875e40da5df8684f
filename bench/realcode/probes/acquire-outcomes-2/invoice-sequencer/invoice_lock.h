// invoice_lock.h
//
// Per-tenant Redis lock guarding invoice number allocation and period close.
// The value stored under the key is a random owner token; tryAcquire hands
// that token back to the caller, who must pass it to release().
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <hiredis/hiredis.h>

namespace billing {

struct ReplyDeleter {
    void operator()(redisReply* r) const {
        if (r != nullptr) freeReplyObject(r);
    }
};
using ReplyPtr = std::unique_ptr<redisReply, ReplyDeleter>;

class InvoiceLock {
public:
    InvoiceLock(redisContext* ctx, std::string keyPrefix);

    // Owner token on success. Empty when another node holds the lock or when
    // Redis could not be reached; the two cases are logged differently.
    std::string tryAcquire(const std::string& resource, std::chrono::milliseconds ttl);

    // Pushes the expiry out by ttl; used while closing large periods.
    bool extend(const std::string& resource, std::chrono::milliseconds ttl);

    // Deletes the key only if it still carries our token.
    bool release(const std::string& resource, const std::string& token);

private:
    std::string keyFor(const std::string& resource) const;
    static std::string newToken();

    redisContext* ctx_;
    std::string prefix_;
};

}  // namespace billing
