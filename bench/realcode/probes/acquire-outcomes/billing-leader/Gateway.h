#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace billing {

struct Account {
    std::string id;
    long long balanceCents = 0;
};

class GatewayDown : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Payment provider facade, implemented in the gateway module.
class Gateway {
public:
    virtual ~Gateway() = default;
    virtual bool healthy() const = 0;
    virtual void sendInvoices(const std::vector<Account>& accts) = 0;
    virtual void chargeRetry(const Account& acct) = 0;
    virtual void sendReminder(const Account& acct) = 0;
    virtual void mergeAccounts(const Account& from, const Account& into) = 0;
    virtual void writeOff(const Account& acct) = 0;
};

}  // namespace billing
