#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

#include "dist_mutex.h"

namespace catalog {

bool PullCatalog();
bool PullPriceShard(const std::string& shard);
void RebuildCategoryTree();

int SyncCatalog()
{
    std::shared_ptr<IDistMutex> m = LockFactory::Instance().Create("catalog-sync");
    int tries = 0;
    while (!m->lock()) {
        if (++tries >= 10)
            return EBUSY;
        usleep(500 * 1000);
    }
    bool ok = PullCatalog();
    m->unlock();
    return ok ? 0 : EIO;
}

int SyncPrices(const std::vector<std::string>& shards)
{
    auto m = LockFactory::Instance().Create("price-sync");
    if (!m->lock())
        return EBUSY;

    int failed = 0;
    for (const std::string& shard : shards) {
        if (!PullPriceShard(shard)) {
            ++failed;
            break;
        }
    }
    m->unlock();
    return failed ? EIO : 0;
}

void ReindexCategories()
{
    auto m = LockFactory::Instance().Create("category-reindex");
    m->lock();
    RebuildCategoryTree();
    m->unlock();
}

} // namespace catalog
