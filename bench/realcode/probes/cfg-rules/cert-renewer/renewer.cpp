#include <chrono>
#include <string>
#include <vector>

#include "cert_owner.h"

bool requestCertificate(const std::string &domain);
bool installCertificate(const std::string &domain);

bool renewOne(etcd::Client &etcd, const std::string &domain) {
  CertOwner owner(etcd, domain, "renewer-a");
  if (!owner.tryTake()) {
    return false;
  }
  bool ok = requestCertificate(domain) && installCertificate(domain);
  return owner.give() && ok;
}

bool renewQuick(etcd::Client &etcd, const std::string &domain) {
  const std::string key = "/certs/" + domain + "/renewer";
  etcd::LeaseGrantResponse grant = etcd.LeaseGrant(10);
  if (!grant.status.ok()) {
    return false;
  }
  etcd::TxnResponse txn = etcd.Txn(
      {{key, etcd::Target::CreateRevision, etcd::Cmp::Equal, 0, ""}},
      {{etcd::Op::Put, key, "renewer-quick", grant.id}}, {});
  if (!txn.status.ok() || !txn.succeeded) {
    etcd.LeaseRevoke(grant.id);
    return false;
  }
  bool ok = requestCertificate(domain) && installCertificate(domain);
  if (!etcd.LeaseRevoke(grant.id).ok()) {
    ok = false;
  }
  return ok;
}

bool renewWhenFree(etcd::Client &etcd, const std::string &domain) {
  CertOwner owner(etcd, domain, "renewer-b");
  while (true) {
    if (owner.tryTake()) {
      break;
    }
    etcd.Watch(owner.key(), owner.seenRevision() + 1,
               std::chrono::milliseconds(0));
  }
  bool ok = requestCertificate(domain);
  return owner.give() && ok;
}

bool renewBefore(etcd::Client &etcd, const std::string &domain,
                 std::chrono::seconds budget) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + budget;
  CertOwner owner(etcd, domain, "renewer-c");
  while (!owner.tryTake()) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - clock::now());
    if (left.count() <= 0) {
      return false;
    }
    etcd.Watch(owner.key(), owner.seenRevision() + 1, left);
  }
  bool ok = requestCertificate(domain);
  return owner.give() && ok;
}

int renewBatch(etcd::Client &etcd, const std::vector<std::string> &domains) {
  int renewed = 0;
  for (const std::string &d : domains) {
    CertOwner owner(etcd, d, "renewer-batch");
    if (!owner.tryTake()) {
      continue;
    }
    if (!requestCertificate(d)) {
      continue;
    }
    installCertificate(d);
    if (owner.give()) {
      ++renewed;
    }
  }
  return renewed;
}
