// Closing an account in the order shipping uses: the order's lock first.
#include "lock_client.h"
class AccountCloser {
public:
  AccountCloser(LockClient &locks, const std::string &userId) : locks_(locks), userId_(userId) {}
  void Close(const std::string &orderId, const std::string &token) {
    bool orderLocked = locks_.Acquire("lock:order:" + orderId, token, 30000);
    if (!orderLocked)
      return;
    bool userLocked = locks_.Acquire("lock:user:" + userId_, token, 30000);
    if (userLocked)
      locks_.Release("lock:user:" + userId_, token);
    locks_.Release("lock:order:" + orderId, token);
  }

private:
  LockClient &locks_;
  std::string userId_;
};
void CloseAccount(LockClient &locks, const std::string &userId, const std::string &orderId,
                  const std::string &token) {
  AccountCloser(locks, userId).Close(orderId, token);
}
