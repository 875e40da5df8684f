#pragma once

#include <libpq-fe.h>
#include <string>
#include <vector>

namespace rebal {

// Catalog operations (catalog.cpp, outside this probe).
bool copyShard(PGconn *conn, int shard, const std::string &toNode);
bool splitRange(PGconn *conn, int shard);
std::vector<int> planMerge(PGconn *conn, int a, int b);
bool applyMerge(PGconn *conn, const std::vector<int> &plan);
bool evacuate(PGconn *conn, const std::string &node);

bool moveShard(PGconn *conn, int shard, const std::string &toNode);
bool splitShard(PGconn *conn, int shard);
bool mergeShards(PGconn *conn, int a, int b);
bool drainNode(PGconn *conn, const std::string &node);
void waitForTopologyLock(PGconn *conn);
void releaseTopologyLock(PGconn *conn);

} // namespace rebal
