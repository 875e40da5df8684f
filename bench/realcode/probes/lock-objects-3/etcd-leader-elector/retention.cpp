// Retention: the elected retention leader moves the cutoff forward and
// tombstones the segments behind it; storage nodes delete tombstoned segments
// on their own schedule.

#include "etcd/Client.hpp"
#include "leader_lock.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

namespace elector {

class SegmentCatalog {
 public:
  std::vector<std::string> OlderThan(int64_t unix_cutoff);
};

int EnforceRetention(etcd::Client& client, SegmentCatalog& catalog, int keep_days) {
  std::unique_ptr<LeaderLock> leader = MakeLeaderLock(client, "retention");
  if (!leader->Acquire(std::chrono::seconds(2))) {
    return 0;  // another node is doing it
  }
  MetaStore meta(client);

  const int64_t now = static_cast<int64_t>(std::time(nullptr));
  const int64_t cutoff = now - static_cast<int64_t>(keep_days) * 86400;

  client.put("/retention/cursor", std::to_string(cutoff)).wait();

  int tombstoned = 0;
  for (const std::string& seg : catalog.OlderThan(cutoff)) {
    client.put("/retention/tombstones/" + seg, std::to_string(now)).wait();
    ++tombstoned;
  }

  if (!meta.PutFenced(*leader, "/retention/last_run", std::to_string(now))) {
    std::fprintf(stderr, "retention: lost leadership before recording the run\n");
  }
  leader->Release();
  return tombstoned;
}

}  // namespace elector
