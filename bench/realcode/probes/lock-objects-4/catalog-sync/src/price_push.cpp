#include "catalog/lease.hpp"
#include "catalog/redis_util.hpp"

#include <map>
#include <string>

namespace catalog {

// Copies changed prices into the storefront's regional cache. One pusher per region.
int push_prices(redisContext* c, const std::string& region,
                const std::map<std::string, long long>& changed) {
    std::string lock = keyf("lock:prices:%s", region.c_str());
    std::string token = new_token();
    if (!cmd_ok(c, "SET %s %s NX", lock.c_str(), token.c_str())) return 0;

    int pushed = 0;
    for (const auto& [sku, cents] : changed) {
        std::string key = keyf("front:%s:price:%s", region.c_str(), sku.c_str());
        if (cmd_ok(c, "SET %s %lld EX 3600", key.c_str(), cents)) ++pushed;
    }

    cmd_int(c, "EVAL %s 1 %s %s", kReleaseScript, lock.c_str(), token.c_str());
    return pushed;
}

}  // namespace catalog
