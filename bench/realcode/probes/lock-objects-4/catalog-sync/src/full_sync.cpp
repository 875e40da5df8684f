#include "catalog/lease.hpp"
#include "catalog/redis_util.hpp"

#include <functional>
#include <string>
#include <vector>

namespace catalog {

struct Product {
    std::string sku;
    std::string name;
    long long price_cents;
};

using PageFetcher = std::function<std::vector<Product>(int page)>;

// Re-imports the whole catalog from the PIM export, page by page. Takes minutes.
int full_sync(redisContext* c, const PageFetcher& fetch_page) {
    CatalogLease lease(c, keyf("lock:full-sync"), 30000);
    if (!lease.held()) return 0;

    int written = 0;
    for (int page = 0;; ++page) {
        std::vector<Product> products = fetch_page(page);
        if (products.empty()) break;
        for (const Product& p : products) {
            cmd_int(c, "HSET %s name %s price %lld", keyf("product:%s", p.sku.c_str()).c_str(),
                    p.name.c_str(), p.price_cents);
            ++written;
        }
        lease.extend(30000);
    }
    return written;
}

// Rebuilds the name index used by search; shorter, but also paged.
int reindex_names(redisContext* c, const PageFetcher& fetch_page) {
    CatalogLease lease(c, keyf("lock:reindex"), 20000);
    if (!lease.held()) return 0;

    int indexed = 0;
    for (int page = 0;; ++page) {
        std::vector<Product> products = fetch_page(page);
        if (products.empty()) break;
        for (const Product& p : products)
            if (cmd_int(c, "ZADD %s 0 %s", keyf("idx:names").c_str(), (p.name + ":" + p.sku).c_str()) >= 0)
                ++indexed;
        if (!lease.extend(20000)) return -1;
    }
    return indexed;
}

}  // namespace catalog
