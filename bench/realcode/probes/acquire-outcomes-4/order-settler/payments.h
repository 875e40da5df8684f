#pragma once

#include <stdexcept>
#include <string>

namespace settle {

struct GatewayError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// All calls go to the payment gateway and throw GatewayError on transport
// failures or declines.
class Payments {
public:
    bool capture(const std::string &orderId);
    bool capturePartial(const std::string &orderId, long cents);
    bool refund(const std::string &orderId, long cents);
    void voidAuth(const std::string &orderId);
};

class RetryQueue {
public:
    void retryLater(const std::string &orderId);
};

}  // namespace settle
