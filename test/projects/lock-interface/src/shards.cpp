#include "leader.h"

namespace farm {
void compactShard(const std::string &shard);

// Compacts whether or not this process leads the shard.
void compact(const std::string &shard) {
  auto leader = makeLeader(shard);
  leader->acquire();
  compactShard(shard);
  leader->resign();
}

// Compacts only as the leader.
void compactIfLeader(const std::string &shard) {
  auto leader = makeLeader(shard);
  if (!leader->acquire())
    return;
  compactShard(shard);
  leader->resign();
}

} // namespace farm
