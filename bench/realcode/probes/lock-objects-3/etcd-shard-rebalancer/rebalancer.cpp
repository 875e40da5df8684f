// Moves shards between storage nodes so every live node carries roughly the
// same number. One rebalancer runs per availability zone; the etcd lock keeps
// them from issuing conflicting moves.

#include "etcd_env.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace shards {

namespace {

struct Move {
  std::string shard;
  std::string from;
  std::string to;
};

std::vector<Move> planMoves(const std::map<std::string, std::string>& current,
                            const std::vector<std::string>& nodes) {
  std::map<std::string, int> load;
  for (const auto& n : nodes) load[n] = 0;
  for (const auto& kv : current) load[kv.second]++;

  const int target = static_cast<int>(current.size() / nodes.size()) + 1;
  std::vector<Move> moves;
  for (const auto& kv : current) {
    auto from = load.find(kv.second);
    if (from != load.end() && from->second <= target) continue;
    auto to = std::min_element(load.begin(), load.end(),
                               [](const auto& a, const auto& b) { return a.second < b.second; });
    moves.push_back({kv.first, kv.second, to->first});
    to->second++;
    if (from != load.end()) from->second--;
  }
  return moves;
}

}  // namespace

class Rebalancer {
 public:
  Rebalancer()
      : env_(EtcdEnv::instance()),
        store_(env_.client()),
        lock_(env_.newLock("rebalance", 15)) {}

  int run();
  bool drainNode(const std::string& node, const std::string& replacement);

 private:
  std::vector<std::string> liveNodes();

  EtcdEnv& env_;
  ShardStore store_;
  std::unique_ptr<EtcdLock> lock_;  // kept for the life of the process
};

std::vector<std::string> Rebalancer::liveNodes() {
  std::vector<std::string> out;
  etcd::Response r = env_.client().ls("/nodes/live/").get();
  if (!r.is_ok()) return out;
  for (const etcd::Value& v : r.values()) out.push_back(v.as_string());
  return out;
}

int Rebalancer::run() {
  if (!lock_->acquire()) return 0;

  std::map<std::string, std::string> current = store_.assignments();
  std::vector<std::string> nodes = liveNodes();
  if (nodes.empty()) {
    throw std::runtime_error("rebalance: no live nodes registered");
  }

  int applied = 0;
  for (const Move& m : planMoves(current, nodes)) {
    etcd::Response r = env_.client().put("/shards/assign/" + m.shard, m.to).get();
    if (r.is_ok()) {
      ++applied;
      std::printf("rebalance: %s %s -> %s\n", m.shard.c_str(), m.from.c_str(), m.to.c_str());
    }
  }

  lock_->release();
  return applied;
}

bool Rebalancer::drainNode(const std::string& node, const std::string& replacement) {
  if (!lock_->acquire()) return false;

  bool ok = true;
  for (const auto& kv : store_.assignments()) {
    if (kv.second != node) continue;
    if (!store_.writeFenced(*lock_, kv.first, replacement)) {
      ok = false;  // superseded: someone else holds the lock now
      break;
    }
  }

  lock_->release();
  return ok;
}

}  // namespace shards
