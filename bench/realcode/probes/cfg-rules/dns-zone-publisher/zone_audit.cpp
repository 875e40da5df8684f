#include "zk_client.h"

#include <cstdio>
#include <string>

bool auditRecord(const std::string &zone, int idx);
int recordCount(const std::string &zone);

void publishSerial(ZkClient &zk, const std::string &zone, long serial) {
  zk.putPersistent("/dns/zones/" + zone + "/serial", std::to_string(serial));
}

int auditZone(const char *hosts, const std::string &zone) {
  zhandle_t *zh = zookeeper_init(hosts, nullptr, 10000, nullptr, nullptr, 0);
  if (zh == nullptr) {
    return -1;
  }
  ZkClient zk(zh);
  const std::string node = "/dns/audit/" + zone;
  int version;
  try {
    version = zk.createEphemeral(node, "auditor");
  } catch (const ZkError &e) {
    std::fprintf(stderr, "audit %s: %s\n", zone.c_str(), e.what());
    zookeeper_close(zh);
    return 1;
  }
  int bad = 0;
  for (int i = 0, n = recordCount(zone); i < n; i++) {
    if (!auditRecord(zone, i)) {
      bad++;
    }
  }
  try {
    zk.remove(node, version);
  } catch (const ZkError &e) {
    std::fprintf(stderr, "audit %s: release: %s\n", zone.c_str(), e.what());
  }
  zookeeper_close(zh);
  return bad;
}
