#include "reserver.h"

#include "stock_lock.h"

namespace inventory {

int Auditor::auditAll(const std::vector<std::string> &skus) {
    int fixed = 0;
    for (const auto &sku : skus) {
        SkuLock lock(redis_, sku, 20000);
        if (!lock.acquireForAudit())
            continue;
        if (stock_.reconcile(sku))
            ++fixed;
        lock.releaseAudit();
    }
    return fixed;
}

}  // namespace inventory
