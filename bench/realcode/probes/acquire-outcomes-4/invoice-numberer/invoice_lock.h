#ifndef INVOICE_LOCK_H
#define INVOICE_LOCK_H

#include <string>

#include <hiredis/hiredis.h>

// Serialises number assignment within an invoice series across all
// billing workers.
class InvoiceLock {
public:
    InvoiceLock(redisContext *redis, const std::string &series);

    // Returns the owner token, or an empty string when the series is
    // locked by another worker or redis could not be reached.
    std::string acquire(int ttlSeconds = 15);
    void release(const std::string &token);

private:
    redisContext *redis_;
    std::string key_;
};

#endif
