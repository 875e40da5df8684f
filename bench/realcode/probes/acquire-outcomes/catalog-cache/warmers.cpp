// Cache warmers. Run on every catalog-api pod from a timer; the lock keeps
// the expensive rebuilds to one pod at a time.
#include <iostream>
#include <mutex>
#include <string>

#include "simple_lock.h"

namespace catalog {

// Implemented in the search/catalog modules.
void RebuildCategory(const std::string& id);
void RebuildBrand(const std::string& id);
void RebuildSearchIndex();
void RebuildSitemap();
void RebuildEverything();

class Warmers {
 public:
  explicit Warmers(redisContext* c) : c_(c) {}

  void WarmCategory(const std::string& id);
  void WarmBrand(const std::string& id);
  void WarmSearch();
  void WarmSitemap();
  void FullRebuild();
  void WarmLegacy(const std::string& id);

 private:
  redisContext* c_;
};

void Warmers::WarmCategory(const std::string& id) {
  SimpleLock lock(c_, "category:" + id, 120);
  if (!lock.AcquireSafe()) return;
  RebuildCategory(id);
  lock.ReleaseSafe();
}

void Warmers::WarmBrand(const std::string& id) {
  SimpleLock lock(c_, "brand:" + id, 120);
  lock.AcquireSafe() ? RebuildBrand(id) : (void)(std::clog << "brand " << id << " busy\n");
  lock.ReleaseSafe();
}

void Warmers::WarmSearch() {
  SimpleLock lock(c_, "search", 600);
  const bool ok = lock.AcquireSafe();
  std::clog << "search warm: " << (ok ? "lock acquired" : "lock busy, rebuilding anyway") << '\n';
  RebuildSearchIndex();
  lock.ReleaseSafe();
}

void Warmers::WarmSitemap() {
  // only one pod may regenerate the sitemap at a time
  static std::mutex sitemap_mu;
  std::lock_guard<std::mutex> guard(sitemap_mu);
  RebuildSitemap();
}

void Warmers::FullRebuild() {
  SimpleLock lock(c_, "full", 0);
  if (!lock.AcquireForever()) return;
  RebuildEverything();
  lock.Release();
}

void Warmers::WarmLegacy(const std::string& id) {
  SimpleLock lock(c_, "category:" + id, 120);
  if (lock.Acquire()) {
    RebuildCategory(id);
    lock.Release();
  }
}

}  // namespace catalog
