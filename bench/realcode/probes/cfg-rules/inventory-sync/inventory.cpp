#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "sku_writer.h"

static std::mutex g_cache_mu;
static std::map<std::string, long> g_cache;
static std::mutex g_export_mu;

static bool writeExport(const char *path) {
  std::FILE *f = std::fopen(path, "w");
  if (f == nullptr) {
    return false;
  }
  std::lock_guard<std::mutex> lk(g_cache_mu);
  for (const auto &kv : g_cache) {
    std::fprintf(f, "%s,%ld\n", kv.first.c_str(), kv.second);
  }
  return std::fclose(f) == 0;
}

void remember(const std::string &sku, long count) {
  std::lock_guard<std::mutex> lk(g_cache_mu);
  g_cache[sku] = count;
}

bool exportSnapshot() {
  std::lock_guard<std::mutex> lk(g_export_mu);
  return writeExport("/mnt/shared/inventory/export.csv");
}

bool exportSnapshotExclusive(etcdc::Client &c) {
  SkuWriter w(c, "export");
  if (!w.take()) {
    return false;
  }
  bool ok = writeExport("/mnt/shared/inventory/export.csv");
  return w.drop() && ok;
}

bool adjust(etcdc::Client &c, const std::string &sku, long count) {
  SkuWriter w(c, sku);
  if (!w.take()) {
    return false;
  }
  etcdc::Result r = c.Txn({{w.key(), etcdc::Cmp::CreateRevision, w.fence(), ""}},
                          {{etcdc::Req::Put, "/inventory/" + sku + "/count",
                            std::to_string(count), 0}},
                          {});
  remember(sku, count);
  return w.drop() && r.ok && r.succeeded;
}

bool adjustFast(etcdc::Client &c, const std::string &sku, long count) {
  SkuWriter w(c, sku);
  if (!w.take()) {
    return false;
  }
  etcdc::Result r = c.Put("/inventory/" + sku + "/count", std::to_string(count));
  remember(sku, count);
  return w.drop() && r.ok;
}

bool adjustEventually(etcdc::Client &c, const std::string &sku, long count) {
  SkuWriter w(c, sku);
  int backoff_ms = 50;
  while (!w.take()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(backoff_ms));
    backoff_ms = std::min(backoff_ms * 2, 5000);
  }
  etcdc::Result r = c.Txn({{w.key(), etcdc::Cmp::CreateRevision, w.fence(), ""}},
                          {{etcdc::Req::Put, "/inventory/" + sku + "/count",
                            std::to_string(count), 0}},
                          {});
  return w.drop() && r.ok && r.succeeded;
}

bool adjustSoon(etcdc::Client &c, const std::string &sku, long count) {
  SkuWriter w(c, sku);
  bool held = false;
  for (int backoff_ms = 50; !held && backoff_ms <= 6400; backoff_ms *= 2) {
    held = w.take();
    if (!held) {
      std::this_thread::sleep_for(std::chrono::milliseconds(backoff_ms));
    }
  }
  if (!held) {
    return false;
  }
  etcdc::Result r = c.Txn({{w.key(), etcdc::Cmp::CreateRevision, w.fence(), ""}},
                          {{etcdc::Req::Put, "/inventory/" + sku + "/count",
                            std::to_string(count), 0}},
                          {});
  return w.drop() && r.ok && r.succeeded;
}
