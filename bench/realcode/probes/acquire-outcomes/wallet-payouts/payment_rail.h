// Outbound transfer rail (bank / card network). Implemented by the rail client.
#ifndef WALLET_PAYMENT_RAIL_H_
#define WALLET_PAYMENT_RAIL_H_

#include <string>

namespace wallet {

bool SendToRail(const std::string& wallet_id, long long cents);

}  // namespace wallet

#endif  // WALLET_PAYMENT_RAIL_H_
