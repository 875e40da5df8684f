#pragma once

#include <string>

#include <hiredis/hiredis.h>

#include "payments.h"

namespace settle {

class Settler {
public:
    Settler(redisContext *redis, Payments &payments, RetryQueue &queue)
        : redis_(redis), payments_(payments), queue_(queue) {}

    bool settle(const std::string &orderId);
    bool refund(const std::string &orderId, long cents);
    bool capturePartial(const std::string &orderId, long cents);
    void voidOrder(const std::string &orderId);

private:
    redisContext *redis_;
    Payments &payments_;
    RetryQueue &queue_;
};

}  // namespace settle
