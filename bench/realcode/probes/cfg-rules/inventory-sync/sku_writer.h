// inventory-sync runs one process per warehouse node; every process writes
// the same etcd keyspace and the shared export directory /mnt/shared/inventory.
#pragma once

#include <string>
#include "etcd_client.h"

// Exclusive writer for one SKU (or "export"): an etcd key under a kept-alive
// lease, created only if absent. fence() is the key's create revision.
class SkuWriter {
public:
  SkuWriter(etcdc::Client &c, const std::string &sku);
  bool take();
  bool drop();
  int64_t fence() const { return fence_; }
  const std::string &key() const { return key_; }

private:
  etcdc::Client &c_;
  std::string key_;
  int64_t lease_ = 0;
  int64_t fence_ = 0;
};
