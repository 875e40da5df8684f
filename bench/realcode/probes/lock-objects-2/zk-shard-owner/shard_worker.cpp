// shard_worker.cpp -- long-running shard maintenance executed by the owner node.
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "zk_lock.h"

namespace shards {

using namespace std::chrono_literals;

struct Chunk {
  std::string id;
  size_t bytes;
};

// Writes into the shard's data files; must only run on the shard owner.
static bool copyChunk(const Chunk& c, const std::string& target) {
  std::clog << "copy " << c.id << " (" << c.bytes << "B) -> " << target << '\n';
  return true;
}

static bool rewriteChunk(const Chunk& c) {
  std::clog << "rewrite " << c.id << '\n';
  return true;
}

int migrateShard(ZkLock& lock, const std::vector<Chunk>& chunks, const std::string& target) {
  if (!lock.acquire(10s)) {
    std::clog << "migrate: shard owned by another node\n";
    return 0;
  }
  int copied = 0;
  for (const Chunk& c : chunks) {
    if (lock.sessionLost()) {
      std::cerr << "migrate: zk session expired after " << copied << " chunks, aborting\n";
      return -1;
    }
    if (copyChunk(c, target)) ++copied;
  }
  lock.release();
  return copied;
}

int compactShard(ZkLock& lock, const std::vector<Chunk>& chunks) {
  if (!lock.acquire(10s)) return 0;
  int rewritten = 0;
  for (const Chunk& c : chunks) {
    if (!rewriteChunk(c)) {
      std::cerr << "compact: " << c.id << " failed\n";
      continue;
    }
    ++rewritten;
  }
  lock.release();
  return rewritten;
}

}  // namespace shards
