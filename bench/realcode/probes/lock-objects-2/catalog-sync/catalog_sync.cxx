// catalog_sync.cxx -- pulls category/brand documents from the PIM into Redis.
#include <chrono>
#include <iostream>
#include <map>
#include <string>

#include "scoped_lock.hxx"

namespace catalog {

using namespace std::chrono_literals;

using Document = std::map<std::string, std::string>;

static Document fetchFromPim(const std::string& kind, const std::string& id)
{
    // The real implementation calls the PIM REST API; trimmed here.
    return Document{{"id", id}, {"kind", kind}, {"etag", "W/\"" + id + "\""}};
}

static bool storeDocument(redisContext* ctx, const std::string& key, const Document& doc)
{
    for (const auto& [field, value] : doc) {
        auto* r = static_cast<redisReply*>(
            redisCommand(ctx, "HSET %s %s %s", key.c_str(), field.c_str(), value.c_str()));
        if (r == nullptr) return false;
        freeReplyObject(r);
    }
    return true;
}

static void cacheEtag(redisContext* ctx, const std::string& id, const std::string& etag)
{
    auto* r = static_cast<redisReply*>(
        redisCommand(ctx, "SET catalog:etag:%s %s EX 60", id.c_str(), etag.c_str()));
    if (r != nullptr) freeReplyObject(r);
}

bool syncCategory(redisContext* ctx, const std::string& categoryId)
{
    ScopedRedisLock guard(ctx, "lock:catalog:category:" + categoryId, 30s, 2s);

    const Document doc = fetchFromPim("category", categoryId);
    if (!storeDocument(ctx, "catalog:category:" + categoryId, doc)) {
        std::cerr << "category " << categoryId << ": store failed\n";
        return false;
    }
    cacheEtag(ctx, categoryId, doc.at("etag"));
    return true;
}

bool syncBrand(redisContext* ctx, const std::string& brandId)
{
    ScopedRedisLock guard(ctx, "lock:catalog:brand:" + brandId, 30s, 2s);
    if (!guard) {
        std::clog << "brand " << brandId << ": sync already running elsewhere\n";
        return false;
    }

    const Document doc = fetchFromPim("brand", brandId);
    if (!storeDocument(ctx, "catalog:brand:" + brandId, doc)) return false;
    cacheEtag(ctx, brandId, doc.at("etag"));
    return true;
}

} // namespace catalog
