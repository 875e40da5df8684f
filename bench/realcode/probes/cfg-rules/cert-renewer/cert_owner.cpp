#include "cert_owner.h"

#include <cstdio>

CertOwner::CertOwner(etcd::Client &etcd, const std::string &domain,
                     const std::string &me)
    : etcd_(etcd), key_("/certs/" + domain + "/renewer"), me_(me) {}

bool CertOwner::tryTake() {
  etcd::LeaseGrantResponse grant = etcd_.LeaseGrant(15);
  if (!grant.status.ok()) {
    return false;
  }
  if (!etcd_.LeaseKeepAlive(grant.id).ok()) {
    etcd_.LeaseRevoke(grant.id);
    return false;
  }
  etcd::TxnResponse txn = etcd_.Txn(
      {{key_, etcd::Target::CreateRevision, etcd::Cmp::Equal, 0, ""}},
      {{etcd::Op::Put, key_, me_, grant.id}},
      {{etcd::Op::Get, key_, "", 0}});
  if (!txn.status.ok() || !txn.succeeded) {
    seen_rev_ = txn.revision;
    etcd_.LeaseRevoke(grant.id);
    return false;
  }
  lease_ = grant.id;
  return true;
}

bool CertOwner::give() {
  etcd::TxnResponse txn = etcd_.Txn(
      {{key_, etcd::Target::Value, etcd::Cmp::Equal, 0, me_}},
      {{etcd::Op::Delete, key_, "", 0}}, {});
  etcd::Status revoked = etcd_.LeaseRevoke(lease_);
  lease_ = 0;
  if (!txn.status.ok() || !txn.succeeded || !revoked.ok()) {
    std::fprintf(stderr, "cert owner %s: give failed\n", key_.c_str());
    return false;
  }
  return true;
}
