#include "sku_writer.h"

SkuWriter::SkuWriter(etcdc::Client &c, const std::string &sku)
    : c_(c), key_("/inventory/" + sku + "/writer") {}

bool SkuWriter::take() {
  etcdc::Result g = c_.LeaseGrant(10);
  if (!g.ok) {
    return false;
  }
  if (!c_.LeaseKeepAlive(g.lease).ok) {
    c_.LeaseRevoke(g.lease);
    return false;
  }
  etcdc::Result t = c_.Txn({{key_, etcdc::Cmp::CreateRevision, 0, ""}},
                           {{etcdc::Req::Put, key_, "writer", g.lease}}, {});
  if (!t.ok || !t.succeeded) {
    c_.LeaseRevoke(g.lease);
    return false;
  }
  lease_ = g.lease;
  fence_ = t.revision;
  return true;
}

bool SkuWriter::drop() {
  etcdc::Result r = c_.LeaseRevoke(lease_);
  lease_ = 0;
  fence_ = 0;
  return r.ok;
}
