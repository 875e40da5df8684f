#include "reserver.h"

#include "stock_lock.h"

namespace inventory {

bool Reserver::reserve(const std::string &sku, int qty, const std::string &orderId) {
    SkuLock lock(redis_, sku);
    auto token = lock.tryAcquire();
    if (!token)
        return false;

    int onHand = stock_.available(sku);
    bool ok = onHand >= qty && stock_.hold(sku, qty, orderId);
    lock.release(*token);
    return ok;
}

// Receiving dock feed; quantities only ever go up here.
void Reserver::restock(const std::string &sku, int qty) {
    SkuLock lock(redis_, sku);
    auto claim = lock.tryAcquire();
    stock_.add(sku, qty);
    if (claim.has_value())
        lock.release(claim.value());
}

bool Reserver::transfer(const std::string &from, const std::string &to, int qty) {
    SkuLock src(redis_, from);
    SkuLock dst(redis_, to);

    auto srcToken = src.tryAcquire();
    if (!srcToken.has_value())
        return false;
    auto dstToken = dst.tryAcquire();
    if (!dstToken.has_value()) {
        src.release(*srcToken);
        return false;
    }

    bool ok = stock_.move(from, to, qty);
    dst.release(*dstToken);
    src.release(*srcToken);
    return ok;
}

}  // namespace inventory
