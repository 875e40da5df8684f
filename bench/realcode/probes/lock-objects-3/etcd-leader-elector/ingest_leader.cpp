// The ingest leader spreads topic partitions over the live ingesters. Every
// ingester process runs RunIngestLeader(); only the elected one should be
// handing out partitions.

#include "etcd/Client.hpp"
#include "leader_lock.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace elector {

class IngestCoordinator {
 public:
  std::vector<std::string> LiveIngesters();
  bool Assign(int partition, const std::string& ingester);
};

void RunIngestLeader(etcd::Client& client, IngestCoordinator& coord, const std::string& self,
                     int partitions) {
  std::unique_ptr<LeaderLock> leader = MakeLeaderLock(client, "ingest");
  MetaStore meta(client);

  leader->Acquire(std::chrono::seconds(5));
  meta.PutFenced(*leader, "/ingest/leader", self);

  for (int round = 0; round < 360; ++round) {
    std::vector<std::string> live = coord.LiveIngesters();
    if (!live.empty()) {
      for (int p = 0; p < partitions; ++p) {
        coord.Assign(p, live[static_cast<size_t>(p) % live.size()]);
      }
    }
    std::this_thread::sleep_for(std::chrono::seconds(10));
  }

  leader->Release();
}

// Operator command: print who leads right now.
std::string CurrentIngestLeader(etcd::Client& client) {
  etcd::Response r = client.get("/ingest/leader").get();
  return r.is_ok() ? r.value().as_string() : std::string();
}

}  // namespace elector
